//! The batch loop of `mj batch`: request lines from a reader, one answer line each to a writer,
//! with a line limit that bounds the memory of each line.

use std::io::{self, BufRead, Write};

use crate::answer::{Answer, answer_line};
use crate::error::OpError;

/// Above this, the line buffer is given back after a long line.
const KEPT_CAPACITY: usize = 1 << 20;

/// The default of `mj batch --max-line-bytes`: the longest line (without its `\n`, a `\r`
/// before it included) that is read and answered; a longer one answers `line_too_long`. A
/// request needs well under a kilobyte.
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 20;

/// [`run_batch_limited`] with the default line limit, [`DEFAULT_MAX_LINE_BYTES`].
pub fn run_batch(input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_batch_limited(input, output, DEFAULT_MAX_LINE_BYTES)
}

/// Answers requests from `input`, one line each, until it ends: each answer is one line of
/// JSON, written and flushed before the next line is read. Lines end at `\n`; a `\r` before it
/// is dropped; the last line needs no `\n`. Only IO errors end it early.
///
/// A line of more than `max_line_bytes` bytes (a `\r` before the `\n` counted) answers
/// `line_too_long`; the rest of it is read and dropped as it comes, never kept, so the line
/// buffer never holds more than `max_line_bytes + 1` bytes.
pub fn run_batch_limited(
    mut input: impl BufRead,
    mut output: impl Write,
    max_line_bytes: usize,
) -> io::Result<()> {
    let mut line = Vec::new();
    loop {
        line.clear();
        let answer = match read_line(&mut input, &mut line, max_line_bytes)? {
            Read::End => return Ok(()),
            Read::Line => answer_line(&line),
            Read::TooLong(bytes) => {
                let error = OpError::LineTooLong(format!(
                    "the line has {bytes} bytes, more than the limit of {max_line_bytes} \
                     (mj batch --max-line-bytes); it was skipped unread"
                ));
                Answer::from(error).to_line()
            }
        };
        output.write_all(answer.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        if line.capacity() > KEPT_CAPACITY {
            line = Vec::new();
        }
    }
}

/// What [`read_line`] found.
enum Read {
    /// The input has ended.
    End,
    /// A line, in the buffer, without its `\n` and the `\r` before it.
    Line,
    /// A line longer than the limit, of this many bytes (without its `\n`), dropped.
    TooLong(u64),
}

/// Reads one line into `line` (empty on entry), keeping at most `max + 1` bytes of it.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Read> {
    let keep = max.saturating_add(1);
    let mut bytes: u64 = 0;
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(at) => (&buf[..at], true),
            None => (buf, false),
        };
        bytes += chunk.len() as u64;
        if !too_long {
            if line.len() + chunk.len() > keep {
                too_long = true;
                *line = Vec::new();
            } else {
                if line.capacity() < line.len() + chunk.len() {
                    let wanted = (line.len() + chunk.len())
                        .max(line.capacity() * 2)
                        .min(keep);
                    line.reserve_exact(wanted - line.len());
                }
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(ends);
        input.consume(used);
        if ends {
            break;
        }
    }
    if !any {
        return Ok(Read::End);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > max {
        line.clear();
        return Ok(Read::TooLong(bytes));
    }
    Ok(Read::Line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_batch_frames_lines() {
        let input: &[u8] = b"{\"op\":\"hu\",\"hand\":\"1m\"}\r\n\n  \r\nx";
        let mut out = Vec::new();
        run_batch(input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 4, "{text}");
        assert!(text.ends_with('\n'));
        assert!(
            text.lines()
                .skip(1)
                .take(2)
                .all(|l| l.contains("empty line")),
            "{text}"
        );
    }
}
