//! The `search` player in the flows on the Sichuan machinery (`sichuan`, `sichuan_hongzhong`,
//! `hongzhong`): legal in every decision of seeded matches with small budgets, searching
//! there (candidates judged on sampled rounds, and sometimes another choice than `defense`'s),
//! and deterministic for a seed and a sample budget.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_bot::arena::play_game;
use mj_bot::{Search, SearchConfig, registry};
use mj_game::{Action, Bot, GameRules, Length, Match, SeatView};
use std::cell::Cell;
use std::rc::Rc;

fn fixed(samples: u32, seed: u64) -> Search {
    Search::new(
        SearchConfig {
            samples: Some(samples),
            ..SearchConfig::default()
        },
        seed,
    )
}

/// Counts the decisions searched and those where it left `defense`'s choice; checks that
/// 换三张 and 定缺 are never searched.
#[derive(Debug)]
struct Counting {
    inner: Search,
    searched: Rc<Cell<u32>>,
    changed: Rc<Cell<u32>>,
}

impl Bot for Counting {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        let a = self.inner.act(view, legal);
        assert!(legal.contains(&a), "{a:?} is not among {legal:?}");
        let before_play = legal
            .iter()
            .any(|a| matches!(a, Action::Exchange { .. } | Action::DeclareLack { .. }));
        if self.inner.last.candidates > 1 {
            assert!(!before_play, "searched {legal:?}");
            self.searched.set(self.searched.get() + 1);
            assert_eq!(self.inner.last.means.len(), self.inner.last.candidates);
            assert!(self.inner.last.samples >= 1);
        }
        self.changed
            .set(self.changed.get() + u32::from(self.inner.last.chosen != 0));
        a
    }
}

fn start_total(rules: GameRules) -> i32 {
    Match::seeded(rules, Length::OneRound, 0, false)
        .round()
        .scores()
        .iter()
        .sum()
}

/// One match of `rules` with a counting `search` (`samples` a decision) at seat 0 and
/// `defense` elsewhere: (decisions searched, choices changed).
fn one(rules: GameRules, length: Length, seed: u64, samples: u32) -> (u32, u32) {
    let me = Counting {
        inner: fixed(samples, seed),
        searched: Rc::default(),
        changed: Rc::default(),
    };
    let (s, c) = (me.searched.clone(), me.changed.clone());
    let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(me)];
    for i in 1..4u64 {
        bots.push(registry::make("defense", i).unwrap());
    }
    let game = play_game(rules, length, seed, &mut bots);
    assert!(game.seats.iter().all(|s| s.illegal == 0), "seed {seed}");
    assert_eq!(
        game.result.scores.iter().sum::<i32>(),
        start_total(rules),
        "seed {seed}"
    );
    (s.get(), c.get())
}

#[test]
fn search_plays_the_chinese_flows_legally_and_searches() {
    for rules in [
        GameRules::sichuan(),
        GameRules::sichuan_hongzhong(),
        GameRules::hongzhong(),
    ] {
        let (mut searched, mut changed) = (0, 0);
        for seed in 1..4u64 {
            let (s, c) = one(rules, Length::EastOnly, seed, 3);
            searched += s;
            changed += c;
        }
        let name = rules.flow;
        assert!(searched > 20, "{name:?}: {searched} decisions searched");
        assert!(changed < searched, "{name:?}: {changed} of {searched}");
        eprintln!("{name:?}: {searched} searched, {changed} changed");
    }
}

#[test]
fn search_sometimes_leaves_defense_in_sichuan() {
    let mut changed = 0;
    let mut searched = 0;
    for seed in 10..14u64 {
        let (s, c) = one(GameRules::sichuan(), Length::OneRound, seed, 12);
        searched += s;
        changed += c;
    }
    assert!(
        changed > 0,
        "never left defense's choice in {searched} searches"
    );
}

#[test]
fn a_fixed_sample_budget_replays_exactly_in_sichuan() {
    let play = |rules: GameRules, seed: u64| {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            registry::make("defense", 1).unwrap(),
            Box::new(fixed(3, 77)),
            registry::make("efficiency", 2).unwrap(),
            registry::make("search:samples=2", 5).unwrap(),
        ];
        play_game(rules, Length::EastOnly, seed, &mut bots).result
    };
    for rules in [GameRules::sichuan(), GameRules::hongzhong()] {
        assert_eq!(play(rules, 9), play(rules, 9));
        assert_eq!(play(rules, 21), play(rules, 21));
    }
}
