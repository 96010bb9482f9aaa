//! Readings (解釈) of a win and the choice of the best one (高点法).
//!
//! A reading is one decomposition of the concealed tiles (from `mj_agari`) with the declared
//! melds, plus the group the winning tile completes: the pair (単騎), a concealed triplet
//! (双碰; by ron that triplet counts as open), or a concealed sequence (両面, 嵌張, 辺張 by the
//! tile's place in it). Every reading is scored; the best pays the most, and on equal payments
//! a real yakuman beats a counted one, then more han, then more fu.

use mj_agari::{Form, GroupKind, WaitKind, decompositions};
use mj_tiles::{FifthCopy, Group, Tile, TileCounts};

use super::context::{Ctx, Declared, FiveGroups, SetTally, YakuList, pair_kind};
use super::fu::{self, FuParts};
use super::points::{self, Limit, Payers, Points};
use super::yaku;
use super::{Players, RiichiRules, Score, ScoreError, Situation, Win, WinFlags};

impl Declared {
    /// One pass over the melds; their tiles are added to `held` (a fifth copy is an error).
    fn read(win: &Win, held: &mut TileCounts) -> Result<Declared, ScoreError> {
        let mut d = Declared {
            groups: [Group::concealed(GroupKind::Pair, Tile::ALL[0]); 4],
            count: 0,
            open: false,
            kan: false,
            mask: 0,
            red_fives: 0,
            tally: SetTally::EMPTY,
        };
        let fifth = |e: FifthCopy| ScoreError::FifthCopy(e.tile);
        for (slot, m) in d.groups.iter_mut().zip(&win.melds) {
            let kind = m.kind();
            let base = m.base();
            let tile = base.as_u8();
            let seq = m.is_sequence();
            let pieces = m.pieces();
            if seq {
                for p in pieces {
                    held.add(p.tile()).map_err(fifth)?;
                }
            } else {
                // A triplet or quad adds its 3 or 4 copies at once (the same fifth copy).
                let copies = held.get(base) + pieces.len() as u8;
                held.set(base, copies).map_err(fifth)?;
            }
            d.red_fives += pieces.iter().filter(|p| p.is_red()).count() as u32;
            let group = Group::of_meld(m);
            debug_assert_eq!(group.concealed, !kind.is_open());
            *slot = group;
            d.count += 1;
            d.open |= kind.is_open();
            d.kan |= kind.is_kan();
            d.mask |= if seq { 7 << tile } else { 1 << tile };
            d.tally.add(&group);
        }
        Ok(d)
    }
}

/// The form of a scored reading (its fu parts are rebuilt for the best one only).
#[derive(Clone, Copy, Debug)]
enum Shape {
    Standard {
        reading: FiveGroups,
        wait: WaitKind,
        pinfu: bool,
    },
    SevenPairs,
    ThirteenOrphans,
}

/// A scored reading.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    yaku: YakuList,
    fu: u32,
    limit: Option<Limit>,
    points: Points,
    shape: Shape,
}

impl Candidate {
    /// Payment, then a real yakuman over kazoe, then han, then fu.
    fn key(&self) -> (u32, bool, u32, u32) {
        (
            self.points.total(),
            self.yaku.yakuman > 0,
            self.yaku.han,
            self.fu,
        )
    }
}

/// Checks a win; returns every tile held (concealed and declared) and the declared melds'
/// facts.
fn validate(
    win: &Win,
    situation: &Situation,
    rules: &RiichiRules,
) -> Result<(TileCounts, Declared), ScoreError> {
    if !win.wild.is_empty() {
        return Err(ScoreError::Wildcards);
    }
    for (field, tile) in [("seat_wind", win.seat_wind), ("round_wind", win.round_wind)] {
        if !tile.is_wind() {
            return Err(ScoreError::NotAWind { field, tile });
        }
    }
    for (field, list) in [("dora", &situation.dora), ("ura", &situation.ura)] {
        if list.len() > 5 {
            return Err(ScoreError::TooManyIndicators {
                field,
                count: list.len(),
            });
        }
    }
    let concealed = win.concealed.total();
    if win.melds.len() > 4 || concealed + 3 * win.melds.len() as u32 != 14 {
        return Err(ScoreError::WrongTileCount {
            concealed,
            melds: win.melds.len(),
        });
    }
    let mut held = win.concealed;
    let declared = Declared::read(win, &mut held)?;
    if win.concealed.get(win.win_tile) == 0 {
        return Err(ScoreError::WinTileNotInHand(win.win_tile));
    }
    let three = rules.players == Players::Three;
    if three {
        three_player_tiles(win, situation, &held)?;
    } else if situation.kita > 0 {
        return Err(ScoreError::InconsistentFlags(
            "kita (norths set aside) needs three-player rules",
        ));
    }
    let f = &situation.flags;
    if *f == WinFlags::default() {
        return Ok((held, declared));
    }
    let riichi = f.riichi || f.double_riichi;
    let Declared { open, kan, .. } = declared;
    let first = f.tenhou || f.chiihou || f.renhou;
    let bad = |cond: bool, why: &'static str| {
        if cond {
            Err(ScoreError::InconsistentFlags(why))
        } else {
            Ok(())
        }
    };
    bad(f.ippatsu && !riichi, "ippatsu needs riichi")?;
    bad(riichi && open, "riichi needs a closed hand")?;
    bad(f.haitei && !win.tsumo, "haitei is a tsumo")?;
    bad(f.houtei && win.tsumo, "houtei is a ron")?;
    bad(f.rinshan && !win.tsumo, "rinshan is a tsumo")?;
    bad(
        f.rinshan && !kan && situation.kita == 0,
        if three {
            "rinshan needs a kan or a kita"
        } else {
            "rinshan needs a kan"
        },
    )?;
    bad(
        f.rinshan && f.haitei,
        "rinshan and haitei exclude each other",
    )?;
    bad(f.chankan && win.tsumo, "chankan is a ron")?;
    bad(
        f.chankan && f.houtei,
        "chankan and houtei exclude each other",
    )?;
    bad(
        f.tenhou && !win.is_dealer(),
        "tenhou is the dealer's (seat wind 1z)",
    )?;
    bad(
        (f.chiihou || f.renhou) && win.is_dealer(),
        "chiihou and renhou are a non-dealer's",
    )?;
    bad(
        first && (riichi || !win.melds.is_empty() || f.ippatsu),
        "tenhou, chiihou and renhou come before any call or riichi",
    )?;
    bad(
        (f.tenhou || f.chiihou) && !win.tsumo || f.renhou && win.tsumo,
        "tenhou and chiihou are tsumo, renhou is a ron",
    )?;
    if u8::from(f.tenhou) + u8::from(f.chiihou) + u8::from(f.renhou) > 1 {
        return Err(ScoreError::InconsistentFlags(
            "tenhou, chiihou and renhou exclude each other",
        ));
    }
    Ok((held, declared))
}

/// Three players: no 2m-8m in the hand, the melds or the indicators; at most four kita, and
/// at most four norths with those held.
fn three_player_tiles(
    win: &Win,
    situation: &Situation,
    held: &TileCounts,
) -> Result<(), ScoreError> {
    let removed = |t: Tile| (1..=7).contains(&t.as_u8());
    let in_counts = |c: &TileCounts| Tile::ALL.into_iter().find(|&t| c.get(t) > 0 && removed(t));
    if let Some(tile) = in_counts(&win.concealed) {
        return Err(ScoreError::NotInThreePlayer {
            field: "hand",
            tile,
        });
    }
    if let Some(tile) = in_counts(held) {
        return Err(ScoreError::NotInThreePlayer {
            field: "melds",
            tile,
        });
    }
    for (field, list) in [("dora", &situation.dora), ("ura", &situation.ura)] {
        if let Some(&tile) = list.iter().find(|&&t| removed(t)) {
            return Err(ScoreError::NotInThreePlayer { field, tile });
        }
    }
    if situation.kita > 4 {
        return Err(ScoreError::TooManyKita(situation.kita));
    }
    if u32::from(held.get(Tile::NORTH)) + u32::from(situation.kita) > 4 {
        return Err(ScoreError::FifthCopy(Tile::NORTH));
    }
    Ok(())
}

const MAN_9: Option<Tile> = Tile::new(8);

/// The dora an indicator points at; with three players 1m points at 9m (2m-8m are removed).
fn dora_of(indicator: Tile, players: Players) -> Tile {
    match MAN_9 {
        Some(nine) if players == Players::Three && indicator.as_u8() == 0 => nine,
        _ => indicator.dora_successor(),
    }
}

/// Dora (ドラ) of some indicators over every tile held (a kan's four included).
fn dora_count(held: &TileCounts, indicators: &[Tile], players: Players) -> u32 {
    indicators
        .iter()
        .map(|&ind| u32::from(held.get(dora_of(ind, players))))
        .sum()
}

/// The han of the kita (three players): one per north set aside, plus one per north per
/// indicator pointing at north (ura indicators only for a riichi win).
fn kita_han(situation: &Situation, riichi: bool) -> u32 {
    if situation.kita == 0 {
        return 0;
    }
    let at_north = |list: &[Tile]| {
        list.iter()
            .filter(|t| t.dora_successor() == Tile::NORTH)
            .count() as u32
    };
    let ura = if riichi { at_north(&situation.ura) } else { 0 };
    u32::from(situation.kita) * (1 + at_north(&situation.dora) + ura)
}

impl<'a> Ctx<'a> {
    fn new(
        win: &'a Win,
        situation: &'a Situation,
        rules: &'a RiichiRules,
        held: &TileCounts,
        declared: &Declared,
        hand: &mj_hu::Hand,
    ) -> Ctx<'a> {
        let mut mask = 0u64;
        for (s, eigen) in hand.eigens().suits().iter().enumerate() {
            let raw = eigen.raw();
            let mut nz = (raw | raw >> 1 | raw >> 2) & 0x1_1111_1111;
            while nz != 0 {
                mask |= 1 << (9 * s as u32 + nz.trailing_zeros() / 4);
                nz &= nz - 1;
            }
        }
        mask |= declared.mask;
        let aka = if rules.aka {
            u32::from(win.red_fives) + declared.red_fives
        } else {
            0
        };
        let riichi = situation.flags.riichi || situation.flags.double_riichi;
        let mut ctx = Ctx {
            win,
            situation,
            rules,
            open: declared.open,
            declared: *declared,
            mask,
            seat: win.seat_wind.as_u8(),
            round: win.round_wind.as_u8(),
            dora: dora_count(held, &situation.dora, rules.players),
            aka,
            ura: if riichi {
                dora_count(held, &situation.ura, rules.players)
            } else {
                0
            },
            kita: kita_han(situation, riichi),
            payers: match (rules.players, rules.tsumo_loss) {
                (Players::Four, _) => Payers::Three,
                (Players::Three, true) => Payers::TwoTsumoLoss,
                (Players::Three, false) => Payers::TwoSplit,
            },
            yakuman: YakuList::default(),
            ordinary: YakuList::default(),
        };
        (ctx.yakuman, ctx.ordinary) = yaku::shared(&ctx);
        ctx
    }

    /// Scores a reading and keeps it in `best` if it beats what is there (the candidate is
    /// built only then).
    fn offer(&self, best: &mut Option<Candidate>, yaku: &YakuList, fu: u32, shape: Shape) {
        let fu = if yaku.yakuman > 0 { 0 } else { fu };
        let (b, limit) = points::basic_points(
            yaku.han,
            fu,
            yaku.yakuman,
            self.rules.kazoe_yakuman,
            self.rules.kiriage,
        );
        let points = points::payments(
            b,
            self.win.is_dealer(),
            self.win.tsumo,
            self.situation.honba,
            self.situation.riichi_sticks,
            self.payers,
        );
        let key = (points.total(), yaku.yakuman > 0, yaku.han, fu);
        if best.as_ref().is_some_and(|c| c.key() >= key) {
            return;
        }
        *best = Some(Candidate {
            yaku: *yaku,
            fu,
            limit,
            points,
            shape,
        });
    }

    fn standard(&self, best: &mut Option<Candidate>, r: &FiveGroups, wait: WaitKind) {
        let pair_fu = fu::pair_fu(self, pair_kind(r));
        let pinfu = yaku::is_pinfu(self, r, wait, pair_fu);
        let list = yaku::standard(self, r, wait, pinfu);
        if list.han == 0 && list.yakuman == 0 {
            return;
        }
        let fu = fu::standard(self, r, wait, pinfu, None);
        let shape = Shape::Standard {
            reading: *r,
            wait,
            pinfu,
        };
        self.offer(best, &list, fu, shape);
    }
}

/// The best reading's score (see the module docs).
pub(crate) fn best(
    win: &Win,
    situation: &Situation,
    rules: &RiichiRules,
) -> Result<Score, ScoreError> {
    let (held, declared) = validate(win, situation, rules)?;
    let hand = win
        .concealed_hand()
        .map_err(|_| ScoreError::WrongTileCount {
            concealed: win.concealed.total(),
            melds: win.melds.len(),
        })?;
    let hand = &*hand;
    let ctx = Ctx::new(win, situation, rules, &held, &declared, hand);
    let agari = decompositions(hand).map_err(|e| ScoreError::Tables(e.to_string()))?;
    if agari.is_empty() {
        return Err(ScoreError::NotAWin);
    }
    let w = win.win_tile.as_u8();
    let n_declared = declared.count;
    let mut declared_first: FiveGroups = [Group::concealed(GroupKind::Pair, win.win_tile); 5];
    for (slot, g) in declared_first
        .iter_mut()
        .skip(1)
        .zip(declared.groups.iter().take(n_declared))
    {
        *slot = *g;
    }
    let mut best: Option<Candidate> = None;
    for d in agari.iter() {
        match d.form {
            Form::SevenPairs => {
                let list = yaku::seven_pairs(&ctx);
                if list.han > 0 || list.yakuman > 0 {
                    let fu = fu::seven_pairs(None);
                    ctx.offer(&mut best, &list, fu, Shape::SevenPairs);
                }
            }
            Form::ThirteenOrphans => {
                let list = yaku::thirteen_orphans(&ctx);
                ctx.offer(&mut best, &list, 0, Shape::ThirteenOrphans);
            }
            Form::Standard => {
                let Some(pair) = d.pair() else { continue };
                // The pair, the declared sets, then the concealed ones (the yaku code expects
                // identical sequences adjacent): only the pair and the concealed sets change
                // from one decomposition to the next.
                let mut r = declared_first;
                r[0].tile = pair;
                for (slot, g) in r.iter_mut().skip(1 + n_declared).zip(d.melds()) {
                    *slot = *g;
                }
                if pair.as_u8() == w {
                    ctx.standard(&mut best, &r, WaitKind::Single);
                }
                for i in 1 + n_declared..5 {
                    let Some(&s) = r.get(i) else { break };
                    if r.get(i - 1) == Some(&s) {
                        continue;
                    }
                    let tile = s.tile.as_u8();
                    let wait = if s.kind == GroupKind::Sequence {
                        match w.wrapping_sub(tile) {
                            0 if tile % 9 == 6 => WaitKind::Edge,
                            0 => WaitKind::TwoSided,
                            1 => WaitKind::Closed,
                            2 if tile.is_multiple_of(9) => WaitKind::Edge,
                            2 => WaitKind::TwoSided,
                            _ => continue,
                        }
                    } else if tile == w {
                        WaitKind::PairWait
                    } else {
                        continue;
                    };
                    if wait == WaitKind::PairWait && !win.tsumo {
                        let mut placed = r;
                        if let Some(g) = placed.get_mut(i) {
                            g.concealed = false;
                        }
                        ctx.standard(&mut best, &placed, wait);
                    } else {
                        ctx.standard(&mut best, &r, wait);
                    }
                }
            }
        }
    }
    let c = best.ok_or(ScoreError::NoYaku)?;
    let mut fu_details = FuParts::new();
    if c.yaku.yakuman == 0 {
        match c.shape {
            Shape::Standard {
                reading,
                wait,
                pinfu,
            } => {
                fu::standard(&ctx, &reading, wait, pinfu, Some(&mut fu_details));
            }
            Shape::SevenPairs => {
                fu::seven_pairs(Some(&mut fu_details));
            }
            Shape::ThirteenOrphans => {}
        }
    }
    Ok(Score {
        han: c.yaku.han,
        fu: c.fu,
        yakuman: c.yaku.yakuman,
        yaku: c.yaku.entries(&ctx),
        limit: c.limit,
        points: c.points,
        fu_details,
    })
}
