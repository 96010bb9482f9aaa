//! Deal-in risk of each kind from what one seat sees (危険度).
//!
//! A threat is a seat in riichi (weight 1) or an open hand that looks ready and valuable
//! (weight 1/2: two or more melds with a value triplet, dora or a single suit; or three or
//! more melds). Against one threat, a kind's risk is the sum of the waits it could still
//! complete, each with a rough share (about the frequencies seen in real riichi games):
//!
//! | wait on the kind | share | gone when |
//! |---|---|---|
//! | each two-sided shape (両面) | 5.5 % | its other end is genbutsu (suji), or a tile of the shape has all four copies visible (kabe / no-chance) |
//! | closed (嵌張), ranks 2-8 | 1.2 % | a neighbour has all four copies visible |
//! | edge (辺張), ranks 3 and 7 | 0.8 % | the shape's tiles have all four copies visible |
//! | pair / single wait (双碰 / 単騎) | 2 % with 2+ copies unseen, 1 % with one | no copy unseen |
//! | honors | 8 % none seen, 6 % one, 3 % two, 1 % three; x1.3 when a value tile for the threat | |
//!
//! So a non-suji 4-6 is about 13 %, a suji 1-9 about 2 %, a honor with two seen 3 %. A kind
//! is safe (0) against a threat when it is in the threat's river (genbutsu; furiten), or, for
//! a riichi, discarded by another seat after the declaration (approximated by river position:
//! a later index than the declaration's). The riichi declaration tile's neighbours (within two
//! ranks) are 1.2 times as risky. An open threat in one suit: x1.5 for that suit and honors,
//! x0.3 for the others. Threats combine as `1 - prod(1 - weight * risk)`.

use mj_game::SeatView;
use mj_game::view::kind_of;
use mj_tiles::{Suit, Tile, TileSet};

use crate::common::{dora_kinds, yakuhai};

/// One threatening seat.
#[derive(Clone, Copy, Debug)]
pub struct Threat {
    /// The seat.
    pub seat: u8,
    /// 1 for a riichi, 1/2 for an open hand.
    pub weight: f64,
    /// Kinds safe against it.
    pub safe: TileSet,
    /// The riichi declaration tile's kind.
    pub riichi_tile: Option<Tile>,
    /// The suit of a one-suit open hand.
    pub flush: Option<Suit>,
}

/// The threats the seat of a view faces.
#[derive(Clone, Debug, Default)]
pub struct Threats(pub Vec<Threat>);

impl Threats {
    /// Every other seat in riichi or with a threatening open hand.
    pub fn of(view: &SeatView<'_>) -> Threats {
        let me = view.seat();
        let dora = dora_kinds(view);
        let mut out = Vec::new();
        for s in (0..view.players()).filter(|&s| s != me) {
            let river = view.river(s);
            let mut safe = TileSet::EMPTY;
            for r in river {
                safe.insert(kind_of(r.tile));
            }
            if view.in_riichi(s) {
                let k = river.iter().position(|r| r.riichi).unwrap_or(0);
                for o in (0..view.players()).filter(|&o| o != s) {
                    for r in view.river(o).iter().skip(k + 1) {
                        safe.insert(kind_of(r.tile));
                    }
                }
                out.push(Threat {
                    seat: s,
                    weight: 1.0,
                    safe,
                    riichi_tile: river.get(k).map(|r| kind_of(r.tile)),
                    flush: None,
                });
                continue;
            }
            let melds: Vec<_> = view
                .melds(s)
                .iter()
                .filter(|m| m.meld.kind() != mj_tiles::MeldKind::Ankan)
                .collect();
            if melds.len() < 2 {
                continue;
            }
            let yh = yakuhai(view, s);
            let mut valuable = false;
            let mut suits = 0u8;
            for m in &melds {
                let tiles: Vec<Tile> = m.meld.tiles().collect();
                valuable |= tiles.iter().any(|t| dora[t.index()] > 0);
                valuable |= m.ids.iter().any(|&id| matches!(id, 16 | 52 | 88));
                valuable |= tiles.windows(2).all(|w| w[0] == w[1]) && yh.contains(tiles[0]);
                for t in &tiles {
                    if t.suit().is_numbered() {
                        suits |= 1 << t.suit().index();
                    }
                }
            }
            let flush = match suits {
                1 => Some(Suit::Man),
                2 => Some(Suit::Pin),
                4 => Some(Suit::Sou),
                _ => None,
            };
            if valuable || flush.is_some() || melds.len() >= 3 {
                out.push(Threat {
                    seat: s,
                    weight: 0.5,
                    safe,
                    riichi_tile: None,
                    flush,
                });
            }
        }
        Threats(out)
    }

    /// No threat.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The deal-in risk of discarding each kind (index `Tile::index`), 0..1, against `threats`
/// (see the module docs).
pub fn deal_in_risk(view: &SeatView<'_>, threats: &Threats) -> [f64; 34] {
    let visible = view.visible_counts();
    let mut safe_all = [1.0f64; 34];
    for th in &threats.0 {
        let yh = yakuhai(view, th.seat);
        for t in Tile::ALL {
            let r = th.weight * risk_one(t, th, visible.as_array(), yh);
            safe_all[t.index()] *= 1.0 - r.clamp(0.0, 1.0);
        }
    }
    safe_all.map(|s| 1.0 - s)
}

/// The deal-in risk of each kind against one threat alone (its weight applied): the
/// per-threat column of a review.
pub fn risk_against(view: &SeatView<'_>, threat: &Threat) -> [f64; 34] {
    let visible = view.visible_counts();
    let yh = yakuhai(view, threat.seat);
    Tile::ALL.map(|t| (threat.weight * risk_one(t, threat, visible.as_array(), yh)).clamp(0.0, 1.0))
}

/// The reasons the model finds a kind safer against one threat, in a review's words:
/// `genbutsu` (in the threat's river), `passed` (discarded by another seat after the riichi),
/// `suji` (both two-sided waits on it are ruled out by the threat's river; one for a 1-3 or
/// 7-9) or `half_suji` (one of a 4-6's two), `no_chance` (every two-sided shape waiting on it
/// needs a kind whose four copies are visible) or `one_chance` (three visible), `honor_seen_N`
/// (N copies of the honor visible), `riichi_tile_near` (within two ranks of the riichi
/// declaration tile: riskier), `flush_suit` (the suit of a one-suit open hand: riskier).
pub fn safety(view: &SeatView<'_>, threat: &Threat, kind: Tile) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let river = view.river(threat.seat);
    let in_river = |t: Tile| river.iter().any(|r| kind_of(r.tile) == t);
    if in_river(kind) {
        out.push("genbutsu".into());
    } else if threat.safe.contains(kind) {
        out.push("passed".into());
    }
    let visible = view.visible_counts();
    let seen = |t: Tile| visible.as_array()[t.index()];
    if kind.is_honor() {
        out.push(format!("honor_seen_{}", seen(kind)));
    } else {
        let rank = kind.rank();
        let at = |rk: u8| Tile::from_suit_rank(kind.suit(), rk);
        let ends: Vec<Tile> = [rank.checked_sub(3), Some(rank + 3)]
            .into_iter()
            .flatten()
            .filter_map(at)
            .collect();
        let suji = ends.iter().filter(|&&t| in_river(t)).count();
        if suji == ends.len() && suji > 0 {
            out.push("suji".into());
        } else if suji > 0 {
            out.push("half_suji".into());
        }
        // The two-sided shapes that wait on `kind`, each as its two tiles.
        let shapes: Vec<[Tile; 2]> = [
            (rank <= 6)
                .then(|| at(rank + 1).zip(at(rank + 2)))
                .flatten(),
            (rank >= 4)
                .then(|| at(rank - 2).zip(at(rank - 1)))
                .flatten(),
        ]
        .into_iter()
        .flatten()
        .map(|(a, b)| [a, b])
        .collect();
        let most = |sh: &[Tile; 2]| seen(sh[0]).max(seen(sh[1]));
        if !shapes.is_empty() && shapes.iter().all(|sh| most(sh) >= 4) {
            out.push("no_chance".into());
        } else if !shapes.is_empty() && shapes.iter().all(|sh| most(sh) >= 3) {
            out.push("one_chance".into());
        }
    }
    if let Some(d) = threat.riichi_tile
        && d.suit() == kind.suit()
        && kind.suit().is_numbered()
        && d != kind
        && d.rank().abs_diff(kind.rank()) <= 2
    {
        out.push("riichi_tile_near".into());
    }
    if threat.flush == Some(kind.suit()) {
        out.push("flush_suit".into());
    }
    out
}

fn risk_one(t: Tile, th: &Threat, visible: &[u8; 34], yh: TileSet) -> f64 {
    if th.safe.contains(t) {
        return 0.0;
    }
    let unseen = 4u8.saturating_sub(visible[t.index()]);
    let mut r = if t.is_honor() {
        let base = match visible[t.index()] {
            0 => 0.08,
            1 => 0.06,
            2 => 0.03,
            3 => 0.01,
            _ => 0.0,
        };
        if yh.contains(t) { base * 1.3 } else { base }
    } else {
        numbered_risk(t, th.safe, visible, unseen)
    };
    if let Some(d) = th.riichi_tile
        && d.suit() == t.suit()
        && t.suit().is_numbered()
        && d != t
        && d.rank().abs_diff(t.rank()) <= 2
    {
        r *= 1.2;
    }
    if let Some(f) = th.flush {
        r *= if t.suit() == f || t.is_honor() {
            1.5
        } else {
            0.3
        };
    }
    r
}

fn numbered_risk(t: Tile, safe: TileSet, visible: &[u8; 34], unseen: u8) -> f64 {
    let rank = t.rank();
    let at = |rk: u8| Tile::from_suit_rank(t.suit(), rk);
    let gone = |rk: u8| at(rk).is_none_or(|x| visible[x.index()] >= 4);
    let is_safe = |rk: u8| at(rk).is_some_and(|x| safe.contains(x));
    let mut r = 0.0;
    // Two-sided shapes waiting on `t`: (t+1, t+2) also waits on t+3; (t-2, t-1) on t-3.
    if rank <= 6 && !gone(rank + 1) && !gone(rank + 2) && !is_safe(rank + 3) {
        r += 0.055;
    }
    if rank >= 4 && !gone(rank - 1) && !gone(rank - 2) && !is_safe(rank - 3) {
        r += 0.055;
    }
    if (2..=8).contains(&rank) && !gone(rank - 1) && !gone(rank + 1) {
        r += 0.012;
    }
    if (rank == 3 && !gone(1) && !gone(2)) || (rank == 7 && !gone(8) && !gone(9)) {
        r += 0.008;
    }
    r += match unseen {
        0 => 0.0,
        1 => 0.01,
        _ => 0.02,
    };
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Tile {
        s.parse().expect("a tile")
    }

    fn threat(safe: &str) -> Threat {
        Threat {
            seat: 1,
            weight: 1.0,
            safe: if safe.is_empty() {
                TileSet::EMPTY
            } else {
                safe.parse().expect("tiles")
            },
            riichi_tile: None,
            flush: None,
        }
    }

    #[test]
    fn genbutsu_is_safe_and_suji_lowers_risk() {
        let none = [0u8; 34];
        let th = threat("4m");
        let r = |x: &str| risk_one(t(x), &th, &none, TileSet::EMPTY);
        assert_eq!(r("4m"), 0.0, "genbutsu");
        // 1m and 7m are suji of 4m: only pair/single (and closed/edge) waits remain.
        assert!(r("1m") < 0.03, "suji 1m {}", r("1m"));
        assert!(r("7m") < r("7p"), "suji 7m {} vs 7p {}", r("7m"), r("7p"));
        // A non-suji middle tile is the riskiest numbered kind.
        assert!(r("5p") > r("2p") && r("2p") > r("1p"), "5p 2p 1p");
        assert!(r("5p") > 0.12 && r("5p") < 0.15, "5p {}", r("5p"));
    }

    #[test]
    fn kabe_and_seen_honors_lower_risk() {
        let th = threat("");
        let mut vis = [0u8; 34];
        let before = risk_one(t("8m"), &th, &vis, TileSet::EMPTY);
        vis[t("7m").index()] = 4; // no-chance on 7m: no two-sided or closed wait on 8m/9m
        let after = risk_one(t("8m"), &th, &vis, TileSet::EMPTY);
        assert!(after < before / 2.0, "8m {before} -> {after}");
        vis[t("1z").index()] = 3;
        let h3 = risk_one(t("1z"), &th, &vis, TileSet::EMPTY);
        let h0 = risk_one(t("2z"), &th, &vis, TileSet::EMPTY);
        assert!(h3 < h0, "{h3} {h0}");
        vis[t("1z").index()] = 4;
        assert_eq!(risk_one(t("1z"), &th, &vis, TileSet::EMPTY), 0.0);
    }
}
