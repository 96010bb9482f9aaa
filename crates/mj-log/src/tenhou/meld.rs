//! The `m` bitfield of `<N who m>` (and of `<AGARI m>`): Tenhou's encoding of a call.
//!
//! Bits 0-1 are always the seat the tile came from, relative to the caller (0 = self, 1 = the
//! next seat (shimocha), 2 = across (toimen), 3 = the previous seat (kamicha)). Then:
//!
//! | test | kind | layout |
//! |---|---|---|
//! | bit 2 set | chi | bits 3-4, 5-6, 7-8: copy (0..4) of the lowest, middle, highest tile; bits 10-15: `base * 3 + called`, where `base` numbers the 21 possible sequences (`suit * 7 + start`) and `called` (0..3) says which of the three was called |
//! | bit 3 set | pon | bits 5-6: the copy *not* in the pon; bits 9-15: `kind * 3 + called`, `called` indexing the three remaining copies in id order |
//! | bit 4 set | added kan | as pon; the copy of bits 5-6 is the one added from the hand |
//! | bit 5 set | kita (三麻 north) | bits 8-15: the tile's id |
//! | none of these | closed kan (from = 0) or open kan | bits 8-15: the id of the called tile (closed kan: one of the four) |

use mj_tiles::{MeldKind, TileId};

/// One decoded call, with Tenhou's ids (copy numbers included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The meld's kind; `None` for a kita (抜きドラ: a north set aside in a three-player
    /// game), which makes no meld.
    pub kind: Option<MeldKind>,
    /// Every tile of the meld, the called (and added) one included, in id order. One tile for
    /// a kita, four for the kans.
    pub tiles: Vec<TileId>,
    /// The tile taken from another seat's discard: `None` for a closed kan and a kita. For an
    /// added kan, the tile called when the pon was made.
    pub called: Option<TileId>,
    /// The tile an added kan adds from the hand (`None` for the other kinds).
    pub added: Option<TileId>,
    /// The absolute seat the called tile came from (`None` for a closed kan and a kita).
    pub from_seat: Option<u8>,
}

/// Why an `m` value is not a valid meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallError {
    /// The value does not fit in 16 bits.
    TooLarge,
    /// A chi's sequence number is out of range (`base` >= 21).
    ChiBase,
    /// A pon's or kan's kind is out of range (>= 34).
    Kind,
    /// A chi or an open call from relative seat 0, or a pon from relative 0.
    FromSelf,
    /// A chi from a seat other than the previous one.
    ChiNotFromLeft,
    /// A kita that is not a north wind.
    NukiNotNorth,
    /// A relative seat outside a three-player table.
    SeatOutsideTable,
}

impl CallError {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            CallError::TooLarge => "does not fit in 16 bits",
            CallError::ChiBase => "chi sequence number out of range",
            CallError::Kind => "tile kind out of range",
            CallError::FromSelf => "open call from the caller's own seat",
            CallError::ChiNotFromLeft => "chi not from the previous seat",
            CallError::NukiNotNorth => "kita that is not a north wind",
            CallError::SeatOutsideTable => "source seat outside a three-player table",
        }
    }
}

fn id(kind: u32, copy: u32) -> TileId {
    debug_assert!(kind < 34 && copy < 4);
    // Every caller checks kind < 34 and masks copy to 0..4, so the id is below 136.
    match TileId::new((kind * 4 + copy) as u8) {
        Some(t) => t,
        None => TileId::RED_FIVES[0],
    }
}

/// Decodes `m` for a call by `who` at a table of `players` seats.
///
/// # Errors
/// Why `m` is no valid call (`"chi not from the previous seat"`, ...).
pub fn decode_call(m: u32, who: u8, players: u8) -> Result<Call, &'static str> {
    decode(m, who, players).map_err(CallError::describe)
}

fn decode(m: u32, who: u8, players: u8) -> Result<Call, CallError> {
    if m > 0xffff {
        return Err(CallError::TooLarge);
    }
    let rel = (m & 3) as u8;
    // Relative seats count four seats even at a three-player table (seat 3 is empty there).
    if players == 3 && rel != 0 && (who + rel) % 4 == 3 {
        return Err(CallError::SeatOutsideTable);
    }
    let from = (who + rel) % 4;
    if m & 0x4 != 0 {
        if rel == 0 {
            return Err(CallError::FromSelf);
        }
        if rel != 3 && players == 4 {
            return Err(CallError::ChiNotFromLeft);
        }
        let t = m >> 10;
        let called = t % 3;
        let base = t / 3;
        if base >= 21 {
            return Err(CallError::ChiBase);
        }
        let first = (base / 7) * 9 + base % 7;
        let tiles: Vec<TileId> = (0..3)
            .map(|i| id(first + i, (m >> (3 + 2 * i)) & 3))
            .collect();
        let called_tile = tiles[called as usize];
        return Ok(Call {
            kind: Some(MeldKind::Chi),
            tiles,
            called: Some(called_tile),
            added: None,
            from_seat: Some(from),
        });
    }
    if m & 0x18 != 0 {
        let unused = (m >> 5) & 3;
        let t = m >> 9;
        let called = t % 3;
        let kind = t / 3;
        if kind >= 34 {
            return Err(CallError::Kind);
        }
        if rel == 0 {
            return Err(CallError::FromSelf);
        }
        let three: Vec<TileId> = (0..4)
            .filter(|&c| c != unused)
            .map(|c| id(kind, c))
            .collect();
        let called_tile = three[called as usize];
        if m & 0x8 != 0 {
            return Ok(Call {
                kind: Some(MeldKind::Pon),
                tiles: three,
                called: Some(called_tile),
                added: None,
                from_seat: Some(from),
            });
        }
        return Ok(Call {
            kind: Some(MeldKind::Kakan),
            tiles: (0..4).map(|c| id(kind, c)).collect(),
            called: Some(called_tile),
            added: Some(id(kind, unused)),
            from_seat: Some(from),
        });
    }
    if m & 0x20 != 0 {
        let tile = m >> 8;
        if tile / 4 != 30 {
            return Err(CallError::NukiNotNorth);
        }
        return Ok(Call {
            kind: None,
            tiles: vec![id(30, tile % 4)],
            called: None,
            added: None,
            from_seat: None,
        });
    }
    let tile = m >> 8;
    let kind = tile / 4;
    if kind >= 34 {
        return Err(CallError::Kind);
    }
    let tiles: Vec<TileId> = (0..4).map(|c| id(kind, c)).collect();
    if rel == 0 {
        Ok(Call {
            kind: Some(MeldKind::Ankan),
            tiles,
            called: None,
            added: None,
            from_seat: None,
        })
    } else {
        Ok(Call {
            kind: Some(MeldKind::Minkan),
            tiles,
            called: Some(id(kind, tile % 4)),
            added: None,
            from_seat: Some(from),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u8]) -> Vec<TileId> {
        v.iter().filter_map(|&i| TileId::new(i)).collect()
    }

    #[test]
    fn known_values() {
        // Nuki of 122 (a north) in a three-player log.
        let n = decode_call(31264, 0, 3);
        assert_eq!(n.map(|m| m.tiles), Ok(ids(&[122])));
        // Pon of 1m (kind 0) without copy 3, the second of the rest called, from the next seat:
        // (0 * 3 + 1) << 9 | 3 << 5 | 0x8 | 1.
        let p = decode_call((1 << 9) | (3 << 5) | 0x8 | 1, 2, 4);
        assert_eq!(
            p,
            Ok(Call {
                kind: Some(MeldKind::Pon),
                tiles: ids(&[0, 1, 2]),
                called: Some(ids(&[1])[0]),
                added: None,
                from_seat: Some(3)
            })
        );
        // Chi 3m-4m-red 5m (sequence 2, the 3m called, copies 1, 2, 0) from the previous seat.
        let c = decode_call(((2 * 3) << 10) | (1 << 3) | (2 << 5) | 0x4 | 3, 1, 4);
        assert_eq!(
            c,
            Ok(Call {
                kind: Some(MeldKind::Chi),
                tiles: ids(&[9, 14, 16]),
                called: Some(ids(&[9])[0]),
                added: None,
                from_seat: Some(0)
            })
        );
        // Added kan: the pon above with copy 3 added.
        let k = decode_call((1 << 9) | (3 << 5) | 0x10 | 1, 2, 4);
        assert_eq!(
            k.as_ref().map(|m| (m.kind, m.added)),
            Ok((Some(MeldKind::Kakan), Some(ids(&[3])[0])))
        );
        // A value with none of the flags and from 0 is a closed kan.
        let k = decode_call(100 << 8, 1, 4);
        assert_eq!(
            k,
            Ok(Call {
                kind: Some(MeldKind::Ankan),
                tiles: ids(&[100, 101, 102, 103]),
                called: None,
                added: None,
                from_seat: None
            })
        );
    }

    #[test]
    fn every_16_bit_value_decodes_or_errs_without_panic() {
        for m in 0..=0xffffu32 {
            for who in 0..4 {
                if let Ok(meld) = decode(m, who, 4) {
                    assert!(meld.tiles.windows(2).all(|w| w[0] < w[1]), "{m}: {meld:?}");
                    if let Some(c) = meld.called {
                        assert!(meld.tiles.contains(&c), "{m}: {meld:?}");
                    }
                    if let Some(f) = meld.from_seat {
                        assert_ne!(f, who, "{m}");
                    }
                }
            }
        }
        assert_eq!(decode(0x10000, 0, 4), Err(CallError::TooLarge));
    }
}
