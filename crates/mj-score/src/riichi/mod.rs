//! Riichi scoring: yaku, fu and points.
