//! Whole games in `mj-game` with the three kinds of players the `game` bench runs on both
//! engines (the peer's side is [`crate::peer_game`]):
//!
//! * **random**: a uniformly random legal action (`mj_game::RandomBot`, seeded);
//! * **tsumogiri**: wins when it can, otherwise discards the drawn tile and passes every call
//!   (`mj_game::TsumogiriBot`, which never wins, behind a win check, so that it plays as the
//!   peer's tsumogiri player does);
//! * **greedy**: wins when it can, declares riichi when it can, otherwise discards the tile
//!   that leaves the lowest shanten (`mj_ai::shanten`, riichi shapes); never calls, passes on
//!   claims. Ties: see [`greedy_discard`].

use core::ops::ControlFlow;

use mj_ai::{ShapeRules, discard_preference, shanten};
use mj_game::drive::{Observer, Seats, drive_with};
use mj_game::{
    Action, Bot, GameRules, Length, Match, RandomBot, Round, Seat, SeatView, TsumogiriBot,
};
use mj_tiles::{Tile, TileCounts, TileId};

/// The kinds of players, the same on both engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerKind {
    /// A uniformly random legal action.
    Random,
    /// Win when possible, else discard the drawn tile; pass on claims.
    Tsumogiri,
    /// Win, else riichi, else the discard with the lowest shanten; pass on claims.
    Greedy,
}

impl PlayerKind {
    /// Every kind, in the order the bench and the example report them.
    pub const ALL: [PlayerKind; 3] = [
        PlayerKind::Random,
        PlayerKind::Tsumogiri,
        PlayerKind::Greedy,
    ];

    /// The name used in bench ids and reports.
    pub const fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Tsumogiri => "tsumogiri",
            PlayerKind::Greedy => "greedy",
        }
    }
}

/// The kind (0..34) of a Tenhou tile id (0..136).
fn kind_of(id: u8) -> Tile {
    Tile::ALL[usize::from(id / 4).min(33)]
}

/// `true` for the three red fives' ids (16, 52, 88).
fn is_red(id: u8) -> bool {
    matches!(id, 16 | 52 | 88)
}

/// The greedy choice among discard candidates (Tenhou ids, each in `counts`, the 3k+2 concealed
/// tiles): the lowest shanten of what is left (riichi shapes: standard, seven pairs, thirteen
/// orphans), ties broken by [`discard_preference`] (honors, then terminals, then ranks further
/// from 5) and then the lower kind; within the kind, the drawn tile (tsumogiri), else a tile
/// that is not a red five. `None` when there is no candidate. Both engines' greedy players use
/// this one function, so they play the same policy.
///
/// The kinds are tried in tie-break order and the first that reaches the best possible
/// shanten wins: that best is the 3k+2 hand's own shanten (0 for a complete hand), since taking
/// out a tile the nearest complete hand does not use costs nothing. Usually a few lookups
/// instead of one per kind; `greedy_matches_the_rule_on_random_hands` checks it against the
/// rule written out.
pub fn greedy_discard(
    counts: &TileCounts,
    candidates: impl Iterator<Item = u8> + Clone,
    drawn: Option<u8>,
) -> Option<u8> {
    let mut offered: u64 = 0;
    for id in candidates.clone() {
        offered |= 1 << kind_of(id).index();
    }
    // Kinds offered, in tie-break order: (preference, kind) packed in a u16.
    let mut order = [0u16; 34];
    let mut n = 0;
    let mut bits = offered;
    while bits != 0 {
        let t = Tile::ALL[bits.trailing_zeros() as usize];
        bits &= bits - 1;
        order[n] = u16::from(discard_preference(t)) << 8 | t.index() as u16;
        n += 1;
    }
    let order = &mut order[..n];
    order.sort_unstable();
    let floor = shanten(counts, ShapeRules::RIICHI).ok().map(|s| s.max(0));
    let mut best: Option<(i8, Tile)> = None;
    for &key in order.iter() {
        let t = Tile::ALL[usize::from(key & 0xff)];
        let mut c = *counts;
        if !c.remove(t) {
            continue;
        }
        // A wrong tile count cannot happen for a hand the engine dealt; rank it last.
        let s = shanten(&c, ShapeRules::RIICHI).unwrap_or(i8::MAX);
        if best.is_none_or(|(b, _)| s < b) {
            best = Some((s, t));
        }
        if Some(s) == floor {
            break;
        }
    }
    let (_, t) = best?;
    let mut pick: Option<u8> = None;
    for id in candidates.filter(|&id| kind_of(id) == t) {
        if Some(id) == drawn {
            return Some(id);
        }
        if pick.is_none_or(|p| is_red(p) && !is_red(id)) {
            pick = Some(id);
        }
    }
    pick
}

/// The concealed tiles of `seat` as counts.
#[cfg(test)]
fn concealed(round: &Round, seat: Seat) -> TileCounts {
    round.view(seat).hand()
}

/// Wins when it can, else plays as `mj_game::TsumogiriBot`.
#[derive(Debug, Clone, Copy, Default)]
pub struct WinningTsumogiri;

impl Bot for WinningTsumogiri {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        match legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            Some(&a) => a,
            None => TsumogiriBot.act(view, legal),
        }
    }
}

/// The greedy player on `mj-game` (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

impl Bot for Greedy {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        if let Some(&a) = legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            return a;
        }
        let riichi = legal.iter().filter_map(|a| match *a {
            Action::Riichi { tile } => Some(tile.as_u8()),
            _ => None,
        });
        let discards = legal.iter().filter_map(|a| match *a {
            Action::Discard { tile } => Some(tile.as_u8()),
            _ => None,
        });
        if riichi.clone().next().is_some() {
            if let Some(tile) =
                greedy_discard(&view.hand(), riichi, view.drawn()).and_then(TileId::new)
            {
                return Action::Riichi { tile };
            }
        } else if discards.clone().nth(1).is_some() {
            if let Some(tile) =
                greedy_discard(&view.hand(), discards, view.drawn()).and_then(TileId::new)
            {
                return Action::Discard { tile };
            }
        } else if let Some(tile) = discards.clone().next().and_then(TileId::new) {
            return Action::Discard { tile };
        }
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        legal[0]
    }
}

/// Four players of one kind, statically dispatched.
#[derive(Debug, Clone)]
pub enum Players {
    /// Four seeded random players.
    Random([RandomBot; 4]),
    /// Four tsumogiri players.
    Tsumogiri,
    /// Four greedy players.
    Greedy,
}

impl Players {
    /// Four players of `kind`; random ones are seeded from `seed` (seat `s` gets
    /// `seed * 4 + s`, as `mj-game`'s selfplay example does).
    pub fn new(kind: PlayerKind, seed: u64) -> Players {
        match kind {
            PlayerKind::Random => Players::Random(core::array::from_fn(|s| {
                RandomBot::new(seed.wrapping_mul(4).wrapping_add(s as u64))
            })),
            PlayerKind::Tsumogiri => Players::Tsumogiri,
            PlayerKind::Greedy => Players::Greedy,
        }
    }

    /// The action of `seat`.
    pub fn act(&mut self, round: &Round, seat: Seat, legal: &[Action]) -> Action {
        self.act_on(&round.view(seat), legal)
    }

    #[inline]
    fn act_on(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        match self {
            Players::Random(bots) => bots[usize::from(view.seat() & 3)].act(view, legal),
            Players::Tsumogiri => WinningTsumogiri.act(view, legal),
            Players::Greedy => Greedy.act(view, legal),
        }
    }
}

/// The four seats for `mj_game::drive`, statically dispatched (no virtual call a decision).
impl Seats for Players {
    #[inline]
    fn choose(&mut self, _: Seat, view: &SeatView<'_>, legal: &[Action]) -> Option<Action> {
        Some(self.act_on(view, legal))
    }
}

/// The probe of [`play_hanchan_probed`], as a driver's observer.
struct Probe<F> {
    probe: F,
    rounds: usize,
}

impl<F: FnMut(Step)> Observer<Match> for Probe<F> {
    #[inline]
    fn after(&mut self, m: &Match, _: Seat, _: Action, _: Option<Action>) -> ControlFlow<()> {
        let rounds = m.history().len();
        (self.probe)(Step::After {
            round_over: rounds != self.rounds,
        });
        self.rounds = rounds;
        if !m.is_over() {
            (self.probe)(Step::Before);
        }
        ControlFlow::Continue(())
    }
}

/// Stops a drive after a number of decisions.
struct StopAfter(u64);

impl Observer<Match> for StopAfter {
    fn after(&mut self, _: &Match, _: Seat, _: Action, _: Option<Action>) -> ControlFlow<()> {
        self.0 = self.0.saturating_sub(1);
        if self.0 == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Where [`play_hanchan_probed`] calls its probe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Before a decision: before the engine is asked who decides and what is legal.
    Before,
    /// After the decision's action is played.
    After {
        /// The action ended a round (it was scored and the next round dealt, or the match
        /// ended).
        round_over: bool,
    },
}

/// Plays one seeded hanchan (Tenhou rules, no event recording) between four players of `kind`
/// and returns the number of decisions (one per action played, passes included), through
/// `mj_game::drive`: each decision asks the engine which seats must decide, lists the first
/// one's legal actions, lets the player choose and plays it. `probe` is called around every
/// decision (the example counts heap allocations with it).
pub fn play_hanchan_probed(seed: u64, kind: PlayerKind, mut probe: impl FnMut(Step)) -> u64 {
    let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, seed, false);
    let mut players = Players::new(kind, seed);
    probe(Step::Before);
    let mut observer = Probe { probe, rounds: 0 };
    let driven = drive_with(&mut m, &mut players, &mut observer);
    debug_assert_eq!(driven.stop, mj_game::Stop::Over, "seed {seed} {kind:?}");
    driven.decisions
}

/// [`play_hanchan_probed`] without a probe.
pub fn play_hanchan(seed: u64, kind: PlayerKind) -> u64 {
    play_hanchan_probed(seed, kind, |_| {})
}

/// A seeded hanchan between four players of `kind`, played for `decisions` decisions (or to
/// its end): a mid-game state to clone.
pub fn match_after(seed: u64, kind: PlayerKind, decisions: u64) -> Match {
    let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, seed, false);
    if decisions > 0 {
        let mut players = Players::new(kind, seed);
        drive_with(&mut m, &mut players, &mut StopAfter(decisions));
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(s: &str) -> TileCounts {
        s.parse().expect("valid mpsz")
    }

    /// Ids of the first copy of each kind in `s` (no red fives).
    fn ids(s: &str) -> Vec<u8> {
        counts(s).tiles().map(|t| t.index() as u8 * 4 + 1).collect()
    }

    #[test]
    fn greedy_discards_the_lone_honor_of_a_ready_shape() {
        let c = counts("123m456p789s11227z");
        let got = greedy_discard(&c, ids("123m456p789s11227z").into_iter(), None);
        assert_eq!(got.map(kind_of), Some(Tile::RED), "123m456p789s11227z");
    }

    /// The rule written out: the smallest (shanten after, preference, kind) over the kinds
    /// offered.
    fn rule(c: &TileCounts, cand: &[u8]) -> Option<Tile> {
        cand.iter()
            .map(|&id| kind_of(id))
            .map(|t| {
                let mut d = *c;
                d.remove(t);
                let s = shanten(&d, ShapeRules::RIICHI).unwrap_or(i8::MAX);
                (s, discard_preference(t), t.index())
            })
            .min()
            .map(|(_, _, i)| Tile::ALL[i])
    }

    #[rstest::rstest]
    #[case::complete("123m456p789s11122z")]
    #[case::complete_seven_pairs("1199m1199p1199s11z")]
    #[case::complete_orphans("19m19p19s12345677z")]
    #[case::ready_after_one("123m456p789s11227z")]
    #[case::far("1379m258p369s12345z")]
    fn greedy_follows_the_rule(#[case] hand: &str) {
        let c = counts(hand);
        let cand = ids(hand);
        let got = greedy_discard(&c, cand.iter().copied(), None).map(kind_of);
        assert_eq!(got, rule(&c, &cand), "{hand}");
    }

    /// Against the rule written out: the smallest (shanten after, preference, kind) over the
    /// kinds held, on 500 seeded 14-tile hands from a shuffled wall.
    #[test]
    fn greedy_matches_the_rule_on_random_hands() {
        let mut rng = mj_tiles::random::SplitMix64::new(12);
        for _ in 0..500 {
            let mut wall = mj_tiles::random::TileBag::shuffled(&mut rng);
            let c = wall.draw_counts(14).expect("a wall holds 14 tiles");
            let cand: Vec<u8> = c.tiles().map(|t| t.index() as u8 * 4 + 1).collect();
            let got = greedy_discard(&c, cand.iter().copied(), None).map(kind_of);
            assert_eq!(got, rule(&c, &cand), "{c}");
            // Only some kinds offered (as after a call, or riichi discards): every other one.
            let some: Vec<u8> = cand.iter().copied().step_by(2).collect();
            let got = greedy_discard(&c, some.iter().copied(), None).map(kind_of);
            assert_eq!(got, rule(&c, &some), "{c} offering {some:?}");
        }
    }

    #[test]
    fn greedy_prefers_the_drawn_copy_then_a_plain_five() {
        // Only the two 5m copies are offered, the red one (id 16) and a plain one (17).
        let c = counts("123456789p11z55m9s");
        let cand = [16u8, 17];
        assert_eq!(greedy_discard(&c, cand.iter().copied(), None), Some(17));
        assert_eq!(greedy_discard(&c, cand.iter().copied(), Some(16)), Some(16));
        assert_eq!(greedy_discard(&c, [].iter().copied(), None), None);
    }

    #[test]
    fn every_kind_finishes_a_hanchan_and_conserves_points() {
        for kind in PlayerKind::ALL {
            for seed in 0..3 {
                let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, seed, false);
                let mut players = Players::new(kind, seed);
                let mut n = 0;
                while !m.is_over() && n < 1_000_000 {
                    let seat = m.to_act().first().expect("a seat decides");
                    let legal = m.legal_actions(seat);
                    let a = players.act(m.round(), seat, &legal);
                    assert!(
                        m.play(seat, a).is_ok(),
                        "{kind:?} seed {seed}: {a} is illegal"
                    );
                    n += 1;
                }
                let r = m.result().expect("the match ends");
                assert_eq!(
                    r.scores.iter().sum::<i32>(),
                    100_000,
                    "{kind:?} seed {seed}"
                );
                assert_eq!(play_hanchan(seed, kind), n, "{kind:?} seed {seed}");
            }
        }
    }

    #[test]
    fn greedy_players_riichi_and_win() {
        let mut riichi = 0;
        let mut wins = 0;
        let mut checked = 0;
        for seed in 0..5 {
            let mut m = Match::seeded(GameRules::tenhou(), Length::Hanchan, seed, false);
            while !m.is_over() {
                let seat = m.to_act().first().expect("a seat decides");
                let legal = m.legal_actions(seat);
                let a = Greedy.act(&m.round().view(seat), &legal);
                // Hands of real play (near ready ones too): the choice follows the rule.
                if let Action::Discard { tile } | Action::Riichi { tile } = a {
                    let same =
                        |b: &Action| core::mem::discriminant(b) == core::mem::discriminant(&a);
                    let cand: Vec<u8> = legal
                        .iter()
                        .filter(|b| same(b))
                        .filter_map(|b| match *b {
                            Action::Discard { tile } | Action::Riichi { tile } => {
                                Some(tile.as_u8())
                            }
                            _ => None,
                        })
                        .collect();
                    let c = concealed(m.round(), seat);
                    assert_eq!(Some(tile.tile()), rule(&c, &cand), "{c}: {a}");
                    checked += 1;
                }
                riichi += u32::from(matches!(a, Action::Riichi { .. }));
                wins += u32::from(matches!(a, Action::Tsumo | Action::Ron));
                assert!(!matches!(
                    a,
                    Action::Chi { .. } | Action::Pon { .. } | Action::Minkan
                ));
                assert!(m.play(seat, a).is_ok());
            }
        }
        assert!(riichi > 10 && wins > 10, "{riichi} riichi, {wins} wins");
        assert!(checked > 1000, "{checked} discards checked");
    }
}
