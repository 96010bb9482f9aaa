//! The original mjai's board dumps (`mjai-golden/test.mjlog.golden.log`): after an event line,
//! a header line, then per seat a `tehai:` line and a `ho:` line, ended by a line of dashes.
//! They are snapshots of the table, not events: [`boards`] reads them so a test can hold them
//! against the hands, calls and rivers the events build.

use mj_game::{MjaiTile, id_of_mjai};

use crate::LogError;

/// A call shown on the board: `[9p(3)/9p 9p]` = the called tile, the seat it came from, the
/// tiles from the hand; a closed kan is `[# 5sr 5s #]` (`#` face down: hidden).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMeld {
    /// The called tile (hidden for a closed kan).
    pub pai: MjaiTile,
    /// The seat it came from (`None` for a closed kan).
    pub target: Option<u8>,
    /// The tiles from the hand.
    pub consumed: Vec<MjaiTile>,
}

/// One seat on the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardSeat {
    /// The concealed tiles as shown (the drawn tile last when there is one).
    pub tehai: Vec<MjaiTile>,
    /// The calls.
    pub melds: Vec<BoardMeld>,
    /// The discards still in the river, each with `true` for the riichi declaration tile
    /// (`=2p`).
    pub ho: Vec<(MjaiTile, bool)>,
}

/// The board after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The 1-based line of the event the board follows.
    pub line: usize,
    /// The header as written (`E-1 kyoku 0 honba  dora_marker: 6s`).
    pub header: String,
    /// The seats.
    pub seats: Vec<BoardSeat>,
}

/// An mjai tile name (`?` and `#` hidden).
fn tile(name: &str) -> Result<MjaiTile, String> {
    if name == "?" || name == "#" {
        return Ok(MjaiTile::HIDDEN);
    }
    id_of_mjai(name)
        .map(|id| MjaiTile::id(id, true))
        .ok_or_else(|| format!("{name:?} is not an mjai tile"))
}

/// Tiles written in 3-character cells (`1m 5pr6p E  `), each possibly marked by a leading
/// `=` (the riichi declaration tile of a river): (tile, marked).
fn cells(s: &str) -> Result<Vec<(MjaiTile, bool)>, String> {
    let chars: Vec<char> = s.trim_start().chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let marked = chars[i] == '=';
        if marked {
            i += 1;
        }
        let end = (i + 3).min(chars.len());
        let name: String = chars[i..end].iter().collect();
        let name = name.trim();
        if !name.is_empty() {
            out.push((tile(name)?, marked));
        }
        i = end;
    }
    Ok(out)
}

/// `[9p(3)/9p 9p]`.
fn board_meld(s: &str) -> Result<BoardMeld, String> {
    let inner = s
        .trim()
        .strip_prefix('[')
        .and_then(|x| x.strip_suffix(']'))
        .ok_or("meld without brackets")?;
    let Some((called, rest)) = inner.split_once('/') else {
        // A closed kan: `[# 5sr 5s #]`, `#` a tile shown face down.
        let consumed = inner
            .split_whitespace()
            .map(tile)
            .collect::<Result<_, _>>()?;
        return Ok(BoardMeld {
            pai: MjaiTile::HIDDEN,
            target: None,
            consumed,
        });
    };
    let open = called.find('(').ok_or("meld without its seat")?;
    let pai = tile(&called[..open])?;
    let target = called[open + 1..]
        .strip_suffix(')')
        .and_then(|t| t.parse::<u8>().ok())
        .filter(|&t| t < 4)
        .ok_or("meld seat is not 0..4")?;
    let consumed = rest
        .split_whitespace()
        .map(tile)
        .collect::<Result<_, _>>()?;
    Ok(BoardMeld {
        pai,
        target: Some(target),
        consumed,
    })
}

fn board_seat(tehai: &str, ho: &str) -> Result<BoardSeat, String> {
    let (hand, melds) = match tehai.find('[') {
        Some(i) => (&tehai[..i], &tehai[i..]),
        None => (tehai, ""),
    };
    let melds = melds
        .split_inclusive(']')
        .filter(|m| !m.trim().is_empty())
        .map(board_meld)
        .collect::<Result<Vec<_>, _>>()?;
    let ho = cells(ho)?;
    let tehai = cells(hand)?.into_iter().map(|(p, _)| p).collect();
    Ok(BoardSeat { tehai, melds, ho })
}

/// The board dumps of an mjai log, each with the line of the event it follows.
///
/// # Errors
/// A dump that cannot be read, with its line number.
pub fn boards(text: &str) -> Result<Vec<Board>, LogError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let no = i + 1;
        i += 1;
        if !lines[no - 1].starts_with('{') {
            continue;
        }
        // A board: a header, then `tehai:` / `ho:` line pairs, until a line of dashes.
        if i < lines.len()
            && !lines[i].starts_with('{')
            && !lines[i].starts_with('-')
            && !lines[i].trim().is_empty()
        {
            let header = lines[i].trim_end().to_owned();
            let mut seats = Vec::new();
            let mut j = i + 1;
            while j + 1 < lines.len() && lines[j].contains("tehai:") {
                let tehai = lines[j].split_once("tehai:").map_or("", |(_, t)| t);
                let ho = lines[j + 1]
                    .split_once("ho:")
                    .map(|(_, h)| h)
                    .ok_or_else(|| {
                        LogError::line(j + 2, "a `tehai:` line without its `ho:` line")
                    })?;
                seats.push(board_seat(tehai, ho).map_err(|why| LogError::line(j + 1, why))?);
                j += 2;
            }
            if !seats.is_empty() {
                out.push(Board {
                    line: no,
                    header,
                    seats,
                });
                i = j;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_cells_and_melds() {
        let s = board_seat(
            " 4m 8m 7p E  N   [9p(3)/9p 9p] [W(0)/W W]",
            "    1p =4m 5pr7s ",
        )
        .unwrap_or_default();
        assert_eq!(s.tehai.len(), 5);
        assert_eq!(s.melds.len(), 2);
        assert_eq!(s.melds[0].target, Some(3));
        assert_eq!(s.ho.len(), 4);
        assert!(s.ho[1].1);
        assert_eq!(s.ho[2].0.to_string(), "5pr");
        let s = board_seat("5pr6p 4s ", "").unwrap_or_default();
        assert_eq!(s.tehai.len(), 3);
        for bad in ["0m", "5z", "6mr", "10m", "x"] {
            assert!(tile(bad).is_err(), "{bad}");
        }
    }
}
