//! The `search` player: legal in every decision of seeded games (riichi four and three
//! players, and MCR, which it hands to `defense`), deterministic for a seed and a
//! sample budget, and actually searching (it judges candidates and sometimes plays another
//! than its base's choice).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mj_bot::arena::play_game;
use mj_bot::{Search, SearchConfig, registry};
use mj_game::{Action, Bot, GameRules, Length, SeatView};
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

/// Counts the decisions searched and those where it left its base's choice.
#[derive(Debug)]
struct Counting {
    inner: Search,
    searched: Rc<Cell<u32>>,
    changed: Rc<Cell<u32>>,
}

fn counting(inner: Search) -> Counting {
    Counting {
        inner,
        searched: Rc::default(),
        changed: Rc::default(),
    }
}

impl Bot for Counting {
    fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
        let a = self.inner.act(view, legal);
        assert!(legal.contains(&a), "{a:?} is not among {legal:?}");
        if self.inner.last.candidates > 1 {
            self.searched.set(self.searched.get() + 1);
            assert_eq!(self.inner.last.means.len(), self.inner.last.candidates);
            assert!(self.inner.last.samples >= 1);
        }
        let last = &self.inner.last;
        if last.chosen != 0 {
            // Another candidate is played only for a mean gain over the base's choice above
            // the least gain.
            let gain = last.means[last.chosen] - last.means[0];
            assert!(
                gain > self.inner.config.min_gain,
                "left the base for a gain of {gain}"
            );
        }
        self.changed
            .set(self.changed.get() + u32::from(last.chosen != 0));
        a
    }
}

#[test]
fn search_plays_only_legal_actions() {
    for (rules, seed) in [
        (GameRules::tenhou(), 1u64),
        (GameRules::tenhou(), 2),
        (GameRules::sanma(), 3),
    ] {
        let n = usize::from(rules.players);
        let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(counting(fixed(3, seed)))];
        for i in 1..n {
            bots.push(registry::make("defense", i as u64).unwrap());
        }
        let game = play_game(rules, Length::EastOnly, seed, &mut bots);
        assert!(game.seats.iter().all(|s| s.illegal == 0), "{seed}");
        let total: i32 = game.result.scores.iter().sum();
        assert_eq!(total, rules.start_points * n as i32, "{seed}");
    }
}

#[test]
fn search_searches_and_sometimes_leaves_its_base() {
    let mut searched = 0;
    let mut changed = 0;
    for seed in 10..14u64 {
        let me = counting(fixed(8, seed));
        let (s, c) = (me.searched.clone(), me.changed.clone());
        let mut seats: Vec<Box<dyn Bot>> = vec![
            Box::new(me),
            registry::make("defense", 1).unwrap(),
            registry::make("defense", 2).unwrap(),
            registry::make("defense", 3).unwrap(),
        ];
        let game = play_game(GameRules::tenhou(), Length::OneRound, seed, &mut seats);
        assert!(game.seats.iter().all(|s| s.illegal == 0));
        searched += s.get();
        changed += c.get();
    }
    assert!(searched > 20, "{searched} decisions searched");
    assert!(
        changed > 0,
        "never left its base's choice in {searched} searches"
    );
    assert!(changed < searched, "{changed} of {searched}");
}

/// The least gain (`gain=X`) holds the search to its base's choice unless a candidate's mean
/// gain is that large (checked at every change by `Counting`, here and in the tests of the
/// default): none in 4 rounds at an unreachable one.
#[test]
fn a_least_gain_keeps_the_base_choice_unless_the_gain_is_that_large() {
    let changes = |option: &str| {
        let mut changed = 0;
        let mut searched = 0;
        for seed in 10..14u64 {
            let config = SearchConfig::from_option(option).unwrap();
            let me = counting(Search::new(config, seed));
            let (s, c) = (me.searched.clone(), me.changed.clone());
            let mut seats: Vec<Box<dyn Bot>> = vec![Box::new(me)];
            for i in 1..4 {
                seats.push(registry::make("defense", i).unwrap());
            }
            play_game(GameRules::tenhou(), Length::OneRound, seed, &mut seats);
            searched += s.get();
            changed += c.get();
        }
        assert!(searched > 20, "{option}: {searched} decisions searched");
        changed
    };
    let free = changes("samples=8+gain=0");
    assert!(free > 0, "gain=0 never left its base");
    assert_eq!(changes("samples=8+gain=1000"), 0);
    assert_eq!(
        SearchConfig::from_option("gain=2.5").map(|c| c.min_gain),
        Some(2.5)
    );
    assert_eq!(SearchConfig::from_option("gain=-1"), None);
}

#[test]
fn a_fixed_sample_budget_replays_exactly() {
    let play = |seed: u64| {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            registry::make("defense", 1).unwrap(),
            Box::new(fixed(4, 77)),
            registry::make("efficiency", 2).unwrap(),
            registry::make("search:samples=2", 5).unwrap(),
        ];
        play_game(GameRules::tenhou(), Length::EastOnly, seed, &mut bots).result
    };
    assert_eq!(play(9), play(9));
    assert_eq!(play(21), play(21));
}

/// MCR has no search (the Chinese flows on the Sichuan machinery are in `search_chinese.rs`).
#[test]
fn other_flows_play_as_defense() {
    let mut bots: Vec<Box<dyn Bot>> = (0..4)
        .map(|i| registry::make("search:samples=2", i).unwrap() as Box<dyn Bot>)
        .collect();
    let game = play_game(GameRules::mcr(), Length::OneRound, 4, &mut bots);
    assert!(game.seats.iter().all(|s| s.illegal == 0));
}

/// With one sample a decision no candidate can beat the base player's choice (the gain needs
/// two samples to be judged), so `base=imitation` plays exactly as `imitation` does, decision
/// by decision, as `base=defense` plays as `defense`.
#[test]
fn the_base_player_is_the_first_candidate_and_the_fallback() {
    #[derive(Debug)]
    struct Against {
        search: Box<dyn Bot>,
        base: Box<dyn Bot>,
        differ: Rc<Cell<u32>>,
        decisions: Rc<Cell<u32>>,
    }
    impl Bot for Against {
        fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
            let a = self.search.act(view, legal);
            let b = self.base.act(view, legal);
            self.decisions.set(self.decisions.get() + 1);
            self.differ.set(self.differ.get() + u32::from(a != b));
            a
        }
    }
    for (name, base) in [
        ("search:samples=1+base=imitation", "imitation"),
        ("search:samples=1+base=defense", "defense"),
        // The default base is imitation.
        ("search:samples=1", "imitation"),
    ] {
        let (differ, decisions) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(Against {
            search: registry::make(name, 3).unwrap(),
            base: registry::make(base, 3).unwrap(),
            differ: differ.clone(),
            decisions: decisions.clone(),
        })];
        for i in 1..4 {
            bots.push(registry::make("defense", i).unwrap());
        }
        let game = play_game(GameRules::tenhou(), Length::EastOnly, 12, &mut bots);
        assert!(game.seats.iter().all(|s| s.illegal == 0));
        assert!(
            decisions.get() > 50,
            "{name}: {} decisions",
            decisions.get()
        );
        assert_eq!(differ.get(), 0, "{name}");
    }
    // And imitation is not defense on those decisions: the base changes the play.
    let differ = Rc::new(Cell::new(0));
    let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(Against {
        search: registry::make("search:samples=1+base=imitation", 3).unwrap(),
        base: registry::make("defense", 3).unwrap(),
        differ: differ.clone(),
        decisions: Rc::new(Cell::new(0)),
    })];
    for i in 1..4 {
        bots.push(registry::make("defense", i).unwrap());
    }
    let _ = play_game(GameRules::tenhou(), Length::EastOnly, 12, &mut bots);
    assert!(differ.get() > 0, "imitation played as defense throughout");
}

#[test]
fn reading_other_seats_changes_the_sampled_rounds() {
    /// The search's mean values, decision by decision.
    #[derive(Debug)]
    struct Means(Search, Rc<std::cell::RefCell<Vec<f64>>>);
    impl Bot for Means {
        fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
            let a = self.0.act(view, legal);
            self.1
                .borrow_mut()
                .extend(self.0.last.means.iter().copied());
            a
        }
    }
    let play = |reads: bool| {
        let config = SearchConfig {
            samples: Some(6),
            reads,
            ..SearchConfig::default()
        };
        let means = Rc::new(std::cell::RefCell::new(Vec::new()));
        let mut seats: Vec<Box<dyn Bot>> = vec![
            Box::new(Means(Search::new(config, 5), means.clone())),
            registry::make("defense", 1).unwrap(),
            registry::make("defense", 2).unwrap(),
            registry::make("defense", 3).unwrap(),
        ];
        let game = play_game(GameRules::tenhou(), Length::OneRound, 21, &mut seats);
        assert!(game.seats.iter().all(|s| s.illegal == 0));
        means.take()
    };
    let (read, uniform) = (play(true), play(false));
    assert!(read.len() > 20, "{} values", read.len());
    assert_ne!(
        read, uniform,
        "reading the other seats changed no sampled round"
    );
    assert_eq!(
        SearchConfig::from_option("reads=none").map(|c| c.reads),
        Some(false)
    );
    assert_eq!(SearchConfig::from_option("reads=maybe"), None);
}

#[test]
fn offers_are_answered_by_the_base_unless_searched() {
    /// Counts the answers to a tile on offer, and those that differ from `imitation`'s.
    #[derive(Debug)]
    struct Offers(Box<dyn Bot>, Rc<Cell<(u32, u32)>>);
    impl Bot for Offers {
        fn act(&mut self, view: &SeatView<'_>, legal: &[Action]) -> Action {
            let a = self.0.act(view, legal);
            if view.offer().is_some() && legal.len() > 1 {
                let b = registry::make("imitation", 0).unwrap().act(view, legal);
                let (n, d) = self.1.get();
                self.1.set((n + 1, d + u32::from(a != b)));
            }
            a
        }
    }
    let count = |name: &str| {
        let seen = Rc::new(Cell::new((0, 0)));
        for seed in 30..33u64 {
            let mut seats: Vec<Box<dyn Bot>> = vec![
                Box::new(Offers(registry::make(name, seed).unwrap(), seen.clone())),
                registry::make("defense", 1).unwrap(),
                registry::make("defense", 2).unwrap(),
                registry::make("defense", 3).unwrap(),
            ];
            let game = play_game(GameRules::tenhou(), Length::EastOnly, seed, &mut seats);
            assert!(game.seats.iter().all(|s| s.illegal == 0));
        }
        seen.get()
    };
    let (offers, differ) = count("search:samples=12");
    assert!(offers > 20, "{offers} offers answered");
    assert_eq!(
        differ, 0,
        "the default answered {differ} of {offers} offers unlike its base"
    );
    // No least gain, so that 12 samples can leave the base's answer.
    let (offers, differ) = count("search:samples=12+offers=search+gain=0");
    eprintln!("offers=search: {differ} of {offers} answers not the base's");
    assert!(
        differ > 0,
        "offers=search never left its base's answer in {offers}"
    );
}
