//! The markup of an mjlog: the text split into tags, each tag's attributes read into numbers,
//! tiles, seats and settlements, every error naming the tag, the attribute and the byte offset.

use mj_tiles::TileId;

use super::meld::{Call, decode_call};
use crate::LogError;

pub(super) fn cut(s: &str) -> String {
    s.chars().take(40).collect()
}

/// A settlement (`sc`): the scores before and each seat's change, in points.
pub(super) struct Settlement {
    pub(super) before: Vec<i32>,
    pub(super) deltas: Vec<i32>,
}

/// One tag of an mjlog: its name, its attributes as written and its byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    pub(super) name: &'a str,
    attrs: Vec<(&'a str, &'a str)>,
    pub(super) offset: usize,
}

impl<'a> Tag<'a> {
    /// The tag's name (`INIT`, `T12`, `AGARI`, ...).
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The byte offset of the tag's `<`.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// An attribute's value as written.
    pub fn get(&self, attr: &str) -> Option<&'a str> {
        self.attrs.iter().find(|(k, _)| *k == attr).map(|&(_, v)| v)
    }

    /// An attribute's comma-separated numbers (none when the attribute is absent).
    ///
    /// # Errors
    /// A value that is not a number of `T`'s range.
    pub fn nums<T: std::str::FromStr>(&self, attr: &'static str) -> Result<Vec<T>, LogError> {
        self.ints(attr, self.get(attr).unwrap_or(""))
    }

    /// An attribute's comma-separated tile ids (none when the attribute is absent).
    ///
    /// # Errors
    /// A value that is not a tile id below 136.
    pub fn ids(&self, attr: &'static str) -> Result<Vec<TileId>, LogError> {
        self.opt_tiles(attr)
    }

    /// The call of an `N` or `AGARI` tag: the value `m` (one of `AGARI`'s comma-separated
    /// ones) for a call by `who` at a table of `players`.
    ///
    /// # Errors
    /// `m` is not a valid call.
    pub fn call(&self, who: u8, players: u8, m: &str) -> Result<Call, LogError> {
        self.meld(who, players, m)
    }

    pub(super) fn req(&self, attr: &'static str) -> Result<&'a str, LogError> {
        self.get(attr).ok_or_else(|| LogError::MissingAttribute {
            tag: cut(self.name),
            attr,
            offset: self.offset,
        })
    }

    pub(super) fn bad(&self, attr: &'static str, value: &str, why: impl Into<String>) -> LogError {
        LogError::BadAttribute {
            tag: cut(self.name),
            attr,
            value: cut(value),
            why: why.into(),
            offset: self.offset,
        }
    }

    pub(super) fn bad_tag(&self, why: &'static str) -> LogError {
        LogError::BadTag {
            tag: cut(self.name),
            why,
            offset: self.offset,
        }
    }

    /// A comma-separated list of integers (empty text = empty list).
    pub(super) fn ints<T: std::str::FromStr>(
        &self,
        attr: &'static str,
        v: &str,
    ) -> Result<Vec<T>, LogError> {
        if v.is_empty() {
            return Ok(Vec::new());
        }
        v.split(',')
            .map(|x| {
                x.trim()
                    .parse::<T>()
                    .map_err(|_| self.bad(attr, v, format!("{x:?} is not a number in range")))
            })
            .collect()
    }

    pub(super) fn req_ints<T: std::str::FromStr>(
        &self,
        attr: &'static str,
    ) -> Result<Vec<T>, LogError> {
        let v = self.req(attr)?;
        self.ints(attr, v)
    }

    pub(super) fn tiles(&self, attr: &'static str, v: &str) -> Result<Vec<TileId>, LogError> {
        let ids: Vec<u8> = self.ints(attr, v)?;
        ids.iter()
            .map(|&i| {
                TileId::new(i)
                    .ok_or_else(|| self.bad(attr, v, format!("tile {i} is not below 136")))
            })
            .collect()
    }

    pub(super) fn opt_tiles(&self, attr: &'static str) -> Result<Vec<TileId>, LogError> {
        match self.get(attr) {
            Some(v) => self.tiles(attr, v),
            None => Ok(Vec::new()),
        }
    }

    pub(super) fn tile(&self, attr: &'static str) -> Result<TileId, LogError> {
        let v = self.req(attr)?;
        let i: u8 = v
            .trim()
            .parse()
            .map_err(|_| self.bad(attr, v, "not a tile id"))?;
        TileId::new(i).ok_or_else(|| self.bad(attr, v, "tile id not below 136"))
    }

    pub(super) fn seat(&self, attr: &'static str, players: u8) -> Result<u8, LogError> {
        let v = self.req(attr)?;
        match v.trim().parse::<u8>() {
            Ok(s) if s < players => Ok(s),
            _ => Err(self.bad(attr, v, format!("not a seat of {players} players"))),
        }
    }

    pub(super) fn num<T: std::str::FromStr>(&self, attr: &'static str) -> Result<T, LogError> {
        let v = self.req(attr)?;
        v.trim()
            .parse()
            .map_err(|_| self.bad(attr, v, "not a number in range"))
    }

    /// `ba="honba,sticks"`.
    pub(super) fn ba(&self) -> Result<(u8, u8), LogError> {
        let v = self.req("ba")?;
        match self.ints::<u8>("ba", v)?[..] {
            [h, s] => Ok((h, s)),
            _ => Err(self.bad("ba", v, "not two numbers")),
        }
    }

    /// `sc="s0,d0,s1,d1,..."` in hundreds (chip games: then `c0,e0,c1,e1,...`): (scores
    /// before, deltas) in points, and the chips.
    pub(super) fn sc(&self, players: u8) -> Result<Settlement, LogError> {
        let v = self.req("sc")?;
        let n: Vec<i32> = self.ints("sc", v)?;
        let p = players as usize;
        let (points, chips) = match n.len() {
            8 => (&n[..], None),
            16 => (&n[..8], Some(&n[8..])),
            l if l == 2 * p => (&n[..], None),
            _ => return Err(self.bad("sc", v, "not a score and a change per seat")),
        };
        let pairs = |x: &[i32], mul: i32| -> (Vec<i32>, Vec<i32>) {
            let a = x
                .iter()
                .step_by(2)
                .take(p)
                .map(|v| v.saturating_mul(mul))
                .collect();
            let b = x
                .iter()
                .skip(1)
                .step_by(2)
                .take(p)
                .map(|v| v.saturating_mul(mul))
                .collect();
            (a, b)
        };
        let (before, deltas) = pairs(points, 100);
        // Chips (祝儀, `sc` values 9..16) belong to chip rooms, which are refused by name.
        let _ = chips;
        Ok(Settlement { before, deltas })
    }

    pub(super) fn meld(&self, who: u8, players: u8, v: &str) -> Result<Call, LogError> {
        let m: u32 = v
            .trim()
            .parse()
            .map_err(|_| self.bad("m", v, "not a number"))?;
        decode_call(m, who, players).map_err(|e| self.bad("m", v, e))
    }
}

/// The tags of an mjlog in order. Text between tags is ignored; comments, declarations and
/// closing tags (`<?...?>`, `<!...>`, `</...>`) are skipped.
///
/// ```
/// let names: Vec<&str> = mj_log::tenhou::tags("<mjloggm ver=\"2.3\"><T12/></mjloggm>")
///     .map(|t| t.map(|t| t.name()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(names, ["mjloggm", "T12"]);
/// # Ok::<(), mj_log::LogError>(())
/// ```
pub fn tags(text: &str) -> Tags<'_> {
    Tags { text, pos: 0 }
}

/// The iterator of [`tags`].
#[derive(Clone, Debug)]
pub struct Tags<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Iterator for Tags<'a> {
    type Item = Result<Tag<'a>, LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rest = self.text.get(self.pos..)?;
            let start = self.pos + rest.find('<')?;
            let Some(len) = self.text[start..].find('>') else {
                self.pos = self.text.len();
                return Some(Err(LogError::Syntax {
                    offset: start,
                    why: "tag without `>`",
                }));
            };
            let inner = &self.text[start + 1..start + len];
            self.pos = start + len + 1;
            if inner.starts_with('?') || inner.starts_with('!') || inner.starts_with('/') {
                continue;
            }
            return Some(parse_tag(inner, start));
        }
    }
}

fn parse_tag(inner: &str, offset: usize) -> Result<Tag<'_>, LogError> {
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    let name_end = inner
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(inner.len());
    let name = &inner[..name_end];
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(LogError::Syntax {
            offset,
            why: "tag name is not alphanumeric",
        });
    }
    let mut attrs = Vec::new();
    let mut rest = inner[name_end..].trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else {
            return Err(LogError::Syntax {
                offset,
                why: "attribute without `=`",
            });
        };
        let key = rest[..eq].trim_end();
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(LogError::Syntax {
                offset,
                why: "bad attribute name",
            });
        }
        let after = rest[eq + 1..].trim_start();
        let Some(quote) = after.chars().next().filter(|&c| c == '"' || c == '\'') else {
            return Err(LogError::Syntax {
                offset,
                why: "attribute value without quotes",
            });
        };
        let body = &after[1..];
        let Some(close) = body.find(quote) else {
            return Err(LogError::Syntax {
                offset,
                why: "unterminated attribute value",
            });
        };
        attrs.push((key, &body[..close]));
        rest = body[close + 1..].trim_start();
    }
    Ok(Tag {
        name,
        attrs,
        offset,
    })
}

/// Decodes `%E3%81%82`-style names (invalid UTF-8 is replaced, never an error).
pub(super) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = std::str::from_utf8(&b[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(v) = hex {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
