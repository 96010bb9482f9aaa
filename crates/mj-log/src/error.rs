//! [`LogError`]: why a log could not be read, with where (byte offset, line, round, tag) and
//! what is wrong. A log that reads but disagrees with the engine is not an error: the replay
//! reports it as a mismatch.

/// Why a log could not be read. Every variant says where and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// The gzip stream is damaged.
    #[error("gzip: {why}")]
    Gzip {
        /// What the decoder said.
        why: String,
    },
    /// The log expands (or is) larger than the limit ([`crate::Limits`]).
    #[error("more than {limit} bytes once expanded (raise the limit to read it)")]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// The bytes are not UTF-8 text.
    #[error("not UTF-8 text at byte {offset}")]
    NotText {
        /// The first byte that is not UTF-8.
        offset: usize,
    },
    /// No format this crate reads.
    #[error("{why}")]
    UnknownFormat {
        /// What the text looks like.
        why: String,
    },
    /// mjlog XML: the markup itself is broken.
    #[error("byte {offset}: {why}")]
    Syntax {
        /// Byte offset in the text.
        offset: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// mjlog XML: a required attribute is missing.
    #[error("<{tag}> at byte {offset}: attribute `{attr}` missing")]
    MissingAttribute {
        /// The tag's name.
        tag: String,
        /// The attribute's name.
        attr: &'static str,
        /// Byte offset of the tag.
        offset: usize,
    },
    /// mjlog XML: an attribute's value is not valid.
    #[error("<{tag}> at byte {offset}: attribute `{attr}`={value:?}: {why}")]
    BadAttribute {
        /// The tag's name.
        tag: String,
        /// The attribute's name.
        attr: &'static str,
        /// The value (cut to 40 characters).
        value: String,
        /// What is wrong.
        why: String,
        /// Byte offset of the tag.
        offset: usize,
    },
    /// mjlog XML: a tag that is not allowed here (unknown, or an event before the first
    /// `INIT`).
    #[error("<{tag}> at byte {offset}: {why}")]
    BadTag {
        /// The tag's name (cut to 40 characters).
        tag: String,
        /// What is wrong.
        why: &'static str,
        /// Byte offset of the tag.
        offset: usize,
    },
    /// tenhou.net/6 JSON: where (round, seat, item) and what.
    #[error("{place}: {why}")]
    Tenhou6 {
        /// Where: `"round 3 seat 1 take 7"`, `"JSON line 2"`, ...
        place: String,
        /// What is wrong.
        why: String,
    },
    /// A line of a line-based log (mjai JSON Lines, Botzone's line form) or an entry of
    /// Botzone's match log.
    #[error("{what} {line}: {why}")]
    Line {
        /// `line` or `log entry`.
        what: &'static str,
        /// 1-based number.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// Events that cannot be written in the format asked for (`botzone::write_botzone`).
    #[error("cannot write {format}: {why}")]
    Write {
        /// The format: `Botzone match log`.
        format: &'static str,
        /// What in the events is wrong.
        why: String,
    },
}

impl LogError {
    /// A line-based log's error at 1-based line `line`.
    pub(crate) fn line(line: usize, why: impl Into<String>) -> LogError {
        LogError::Line {
            what: "line",
            line,
            why: why.into(),
        }
    }
}
