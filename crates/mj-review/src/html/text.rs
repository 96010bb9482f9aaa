//! Text into HTML: every string that came from a log passes through [`escape`].

use core::fmt::Write as _;

/// `s` with `& < > " '` written as character references, safe both as element text and as a
/// quoted attribute value.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A share as a percentage with one decimal: `12.5 %`.
pub(crate) fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".into()
    } else {
        format!("{:.1} %", part as f64 * 100.0 / whole as f64)
    }
}

/// A score change with its sign: `+3900`, `-1000`, `±0`.
pub(crate) fn signed(n: i32) -> String {
    match n {
        0 => "±0".into(),
        n if n > 0 => format!("+{n}"),
        n => n.to_string(),
    }
}

/// `seat 2 (name)`, the name escaped; `seat 2` when the log gives no name.
pub(crate) fn seat_name(names: &[String], seat: u8) -> String {
    let mut out = format!("seat {seat}");
    if let Some(n) = names.get(usize::from(seat)).filter(|n| !n.is_empty()) {
        let _ = write!(out, " ({})", escape(n));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escape_writes_markup_as_text() {
        assert_eq!(
            escape(r#"<script>alert("x")</script> & 'y'"#),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
        );
        assert_eq!(escape("東風戦 5mr"), "東風戦 5mr");
    }
}
