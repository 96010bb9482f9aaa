//! mj-hu (work in progress).
