//! mj-tables (work in progress).
