//! Scoring of winning hands, one module per rule family:
//!
//! - [`riichi`]: Japanese riichi yaku, fu and points (PROTOCOL.md `score`, `"rules": "riichi"`);
//! - [`sichuan`]: Sichuan bloody battle (血战到底) fan and doublers (`"rules": "sichuan"`);
//! - [`mcr`]: Chinese Official rules (MCR, 国标麻将), 81 fans (`"rules": "mcr"`).
//!
//! [`rules`] is the one vocabulary of rules: the presets ([`rules::Preset`]) and every switch of
//! every layer ([`rules::SWITCHES`]: name, type, which layer reads it, default per preset, a doc
//! line), which `mj batch` parses options from (declared in [`mj_hu::registry`], re-exported).
//!
//! The Chinese presets answer with a list of [`FanEntry`] rows. Every rule switch a module
//! supports is named in its docs with its default; a request outside them is an error, never a
//! silent wrong answer.

pub mod fan;
pub mod mcr;
pub mod riichi;
pub mod rules;
pub mod sichuan;
mod win;

pub use fan::FanEntry;
pub use win::Win;
