//! The markup of an mjlog: the text split into tags, each tag's attributes read into numbers,
//! tiles, seats and settlements, every error naming the tag, the attribute and the byte offset.

use mj_tiles::TileId;

use super::meld;
use super::{Chips, LogError, LogMeld};

pub(super) fn cut(s: &str) -> String {
    s.chars().take(40).collect()
}

/// `sc` read: scores before, changes, chips.
pub(super) struct Settlement {
    pub(super) before: Vec<i32>,
    pub(super) deltas: Vec<i32>,
    pub(super) chips: Option<Chips>,
}

/// One tag: its name, its attributes and where it starts.
pub(super) struct Tag<'a> {
    pub(super) name: &'a str,
    attrs: Vec<(&'a str, &'a str)>,
    pub(super) offset: usize,
}

impl<'a> Tag<'a> {
    pub(super) fn get(&self, attr: &str) -> Option<&'a str> {
        self.attrs.iter().find(|(k, _)| *k == attr).map(|&(_, v)| v)
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
        let chips = chips.map(|c| {
            let (before, deltas) = pairs(c, 1);
            Chips { before, deltas }
        });
        Ok(Settlement {
            before,
            deltas,
            chips,
        })
    }

    pub(super) fn meld(&self, who: u8, players: u8, v: &str) -> Result<LogMeld, LogError> {
        let m: u32 = v
            .trim()
            .parse()
            .map_err(|_| self.bad("m", v, "not a number"))?;
        meld::decode_meld(m, who, players).map_err(|e| self.bad("m", v, e.describe()))
    }
}

/// Splits the text into tags. Text between tags (whitespace, an XML declaration's
/// neighbours) is ignored; comments and declarations (`<?...?>`, `<!...>`) are skipped.
pub(super) struct Tags<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
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
