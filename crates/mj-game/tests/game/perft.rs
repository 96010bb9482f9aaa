//! Perft for mahjong: the number of legal actions offered over fixed seeded games of every
//! preset, in total and per kind of action, frozen in `testdata/perft.txt`. Any change to the
//! rules engine that changes what is legal anywhere along these games (a missing chi, a kan
//! offered once too often, a win no longer seen) changes a count and fails here, as chess
//! engines freeze their move-generation counts.
//!
//! The games: for each preset in `GameRules::PRESETS`, east-only matches from seeds
//! `0..GAMES`, driven by `mj_game::drive`. Seats 0 and 2 play [`Tidy`] (win, riichi, else throw
//! the tile with the fewest copies and neighbours held: hands get ready, so riichi, wins and
//! settlements happen), seats 1 and 3 [`WinOrRandom`] (win, else a seeded random legal action:
//! calls and kans of every kind). Both are written here, frozen with the counts, so only the
//! engine can change them. At each decision the deciding seat's legal actions are counted. After an intended change of the rules, regenerate the file and review its diff:
//! `MJ_PERFT_WRITE=1 cargo test -p mj-game --test game perft::`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fmt::Write as _;

use mj_game::drive::{Observer, Stop, drive_with};
use mj_game::{Action, Bot, GameRules, Length, Match, RandomBot, SeatView};

/// Matches per preset.
const GAMES: u64 = 32;

/// The columns counted per kind of action, in the file's order.
const KINDS: [&str; 14] = [
    "discard", "riichi", "tsumo", "ron", "chi", "pon", "minkan", "ankan", "kakan", "kita", "nine",
    "pass", "exchange", "lack",
];

fn kind(a: &Action) -> usize {
    match a {
        Action::Discard { .. } => 0,
        Action::Riichi { .. } => 1,
        Action::Tsumo => 2,
        Action::Ron => 3,
        Action::Chi { .. } => 4,
        Action::Pon { .. } => 5,
        Action::Minkan => 6,
        Action::Ankan { .. } => 7,
        Action::Kakan { .. } => 8,
        Action::Kita { .. } => 9,
        Action::NineTerminals => 10,
        Action::Pass => 11,
        Action::Exchange { .. } => 12,
        Action::DeclareLack { .. } => 13,
    }
}

/// Wins when it may, else a seeded random legal action.
#[derive(Debug)]
struct WinOrRandom(RandomBot);

impl Bot for WinOrRandom {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        match legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            Some(&a) => a,
            None => self.0.act(view, legal),
        }
    }
}

/// Wins and declares riichi when it may; else throws the tile that helps its hand least (the
/// fewest copies and neighbours held, the lowest id on a tie), passes on calls, and takes the
/// first listed choice otherwise (the exchange, the lacking suit).
#[derive(Debug)]
struct Tidy;

impl Tidy {
    /// How much the kind of `id` helps the hand `held`: copies count 4, a neighbour 2, a tile
    /// two ranks away 1 (suited tiles only).
    fn worth(held: &[u8; 34], id: u8) -> u32 {
        let k = usize::from(id / 4).min(33);
        let mut w = 4 * u32::from(held[k]);
        if k < 27 {
            let rank = k % 9;
            for (d, v) in [(1, 2), (2, 1)] {
                if rank >= d {
                    w += v * u32::from(held[k - d].min(1));
                }
                if rank + d < 9 {
                    w += v * u32::from(held[k + d].min(1));
                }
            }
        }
        w
    }
}

impl Bot for Tidy {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        if let Some(&a) = legal
            .iter()
            .find(|a| matches!(a, Action::Tsumo | Action::Ron))
        {
            return a;
        }
        let held = *view.hand().as_array();
        let throw = |riichi: bool| {
            legal
                .iter()
                .filter(|a| matches!(a, Action::Riichi { .. }) == riichi)
                .filter_map(|a| match *a {
                    Action::Riichi { tile } | Action::Discard { tile } => {
                        Some((Tidy::worth(&held, tile.as_u8()), tile, a))
                    }
                    _ => None,
                })
                .min_by_key(|&(w, tile, _)| (w, tile))
                .map(|(_, _, &a)| a)
        };
        if let Some(a) = throw(true).or_else(|| throw(false)) {
            return a;
        }
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        legal[0]
    }
}

/// One preset's counts.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Counts {
    decisions: u64,
    legal: u64,
    by_kind: [u64; KINDS.len()],
}

impl Observer<Match> for Counts {
    fn before(&mut self, _: &Match, _: u8, legal: &[Action]) {
        self.decisions += 1;
        self.legal += legal.len() as u64;
        for a in legal {
            self.by_kind[kind(a)] += 1;
        }
    }
}

/// The table of game `seed`: [`Tidy`] in seats 0 and 2, [`WinOrRandom`] in 1 and 3.
fn players(seed: u64) -> Vec<Box<dyn Bot>> {
    (0..4u64)
        .map(|s| -> Box<dyn Bot> {
            if s % 2 == 0 {
                Box::new(Tidy)
            } else {
                Box::new(WinOrRandom(RandomBot::new(seed * 4 + s)))
            }
        })
        .collect()
}

fn count(preset: &str) -> Counts {
    let rules = GameRules::preset(preset).expect("a preset");
    let mut counts = Counts::default();
    for seed in 0..GAMES {
        let mut m = Match::seeded(rules, Length::EastOnly, seed, false);
        let mut bots = players(seed);
        let driven = drive_with(&mut m, &mut bots, &mut counts);
        assert_eq!(driven.stop, Stop::Over, "{preset} seed {seed}");
    }
    counts
}

fn line(preset: &str, c: &Counts) -> String {
    let mut s = format!("{preset} {GAMES} {} {}", c.decisions, c.legal);
    for n in c.by_kind {
        let _ = write!(s, " {n}");
    }
    s
}

const HEADER: &str = "\
# Perft for mahjong: legal actions offered over seeded east-only matches (tests/perft.rs says
# which games and players). Regenerate after an intended rules change, and review the diff:
#   MJ_PERFT_WRITE=1 cargo test -p mj-game --test game perft::
";

fn columns() -> String {
    format!("# preset games decisions legal {}\n", KINDS.join(" "))
}

#[test]
fn legal_action_counts_are_frozen() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/perft.txt");
    let got: Vec<String> = GameRules::PRESETS
        .iter()
        .map(|p| line(p, &count(p)))
        .collect();
    let text = format!("{HEADER}{}{}\n", columns(), got.join("\n"));
    if std::env::var_os("MJ_PERFT_WRITE").is_some() {
        std::fs::write(path, &text).expect("write testdata/perft.txt");
        return;
    }
    let want = std::fs::read_to_string(path).expect("testdata/perft.txt");
    assert!(
        want.contains(&columns()),
        "testdata/perft.txt: the columns changed; regenerate it"
    );
    let rows: Vec<&str> = want
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let mut diffs = Vec::new();
    for (preset, g) in GameRules::PRESETS.iter().zip(&got) {
        match rows.iter().find(|r| r.split(' ').next() == Some(preset)) {
            Some(w) if *w == g => {}
            Some(w) => diffs.push(format!("{preset}:\n  want {w}\n  got  {g}")),
            None => diffs.push(format!("{preset}: no row (got {g})")),
        }
    }
    assert_eq!(
        rows.len(),
        got.len(),
        "testdata/perft.txt: one row per preset"
    );
    assert!(
        diffs.is_empty(),
        "legal-action counts changed ({}; columns: decisions legal {}):\n{}\n\
         If the rules change was intended: MJ_PERFT_WRITE=1 cargo test -p mj-game --test game perft::",
        diffs.len(),
        KINDS.join(" "),
        diffs.join("\n")
    );
}

/// The counts are the engine's, not the driver's: a hand-written loop over the same games
/// (the first seat to act, its legal actions, the same players) counts the same.
#[test]
fn the_driver_counts_what_a_plain_loop_counts() {
    for preset in ["tenhou", "sichuan", "mcr"] {
        let rules = GameRules::preset(preset).unwrap();
        let mut plain = Counts::default();
        for seed in 0..2 {
            let mut m = Match::seeded(rules, Length::EastOnly, seed, false);
            let mut bots = players(seed);
            while !m.is_over() {
                let seat = m.to_act().first().unwrap();
                let legal = m.legal_actions(seat);
                plain.before(&m, seat, &legal);
                let a = bots[usize::from(seat)].act(&m.round().view(seat), &legal);
                m.play(seat, a).unwrap();
            }
        }
        let mut driven = Counts::default();
        for seed in 0..2 {
            let mut m = Match::seeded(rules, Length::EastOnly, seed, false);
            let mut bots = players(seed);
            drive_with(&mut m, &mut bots, &mut driven);
        }
        assert_eq!(plain, driven, "{preset}");
        assert!(plain.decisions > 100, "{preset}: {plain:?}");
    }
}
