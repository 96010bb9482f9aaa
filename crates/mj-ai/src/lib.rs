//! mj-ai (work in progress).
