//! The one registry of players: every name a player is known by (`mj game`, `mj arena`, the
//! Python environments and self-play all look names up here), how to make one, and how a
//! seeded game seeds each seat's player.
//!
//! The entries are [`mj_game::BotEntry`]s: `mj-game`'s two baselines
//! ([`mj_game::BUILTIN_BOTS`]: `random`, `tsumogiri`) first, then this crate's players.
//!
//! ```
//! use mj_bot::registry::{self, SeedScheme};
//! let seed = registry::seat_seed(SeedScheme::Env, 42, 1);
//! let bot = registry::make("defense", seed)?;
//! assert!(registry::make("nobody", 0).is_err());
//! assert_eq!(registry::PLAYERS.len(), registry::NAMES.len());
//! # drop(bot);
//! # Ok::<(), registry::UnknownPlayer>(())
//! ```

use mj_game::{BUILTIN_BOTS, Bot, BotEntry};
use mj_tiles::rng::{GOLDEN, mix};

use crate::tuning::tuned_weights;
use crate::{Defense, Efficiency, Imitation, Search, SearchConfig, Value};

/// Every player, in the order names are listed.
pub const PLAYERS: [BotEntry; 8] = [
    BUILTIN_BOTS[0],
    BUILTIN_BOTS[1],
    BotEntry {
        name: "efficiency",
        about: "lowest shanten, then most live effective tiles ([`Efficiency`])",
        build: |_| Box::new(Efficiency),
    },
    BotEntry {
        name: "value",
        about: "tile values among the lowest-shanten discards, tuned by self-play ([`Value`])",
        build: |_| {
            Box::new(Value {
                weights: tuned_weights(),
            })
        },
    },
    BotEntry {
        name: "value_untuned",
        about: "`value` with the seeds' own table",
        build: |_| Box::new(Value::default()),
    },
    BotEntry {
        name: "defense",
        about: "`efficiency` plus push/fold from a per-tile deal-in risk ([`Defense`])",
        build: |_| Box::new(Defense),
    },
    BotEntry {
        name: "imitation",
        about: "`defense` discarding as Phoenix players do, by a model fitted on real games ([`Imitation`])",
        build: |_| Box::new(Imitation),
    },
    BotEntry {
        name: "search",
        about: "`defense`'s candidates judged by playing sampled rounds out, 200 ms a decision \
                (`search:N` for N ms, `search:samples=N` for N samples; [`Search`])",
        build: |seed| Box::new(Search::new(SearchConfig::default(), seed)),
    },
];

/// Every player name, in [`PLAYERS`] order.
pub const NAMES: [&str; PLAYERS.len()] = {
    let mut names = [""; PLAYERS.len()];
    let mut i = 0;
    while i < PLAYERS.len() {
        names[i] = PLAYERS[i].name;
        i += 1;
    }
    names
};

/// A name no player has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player `{0}` (known: {known})", known = NAMES.join(", "))]
pub struct UnknownPlayer(pub String);

/// The entry of `name`. A name may carry an option after a colon where its player takes one
/// (`search:20`, `search:samples=64`; see [`SearchConfig::from_option`]): the entry is then
/// the player's own, and [`make`] applies the option.
pub fn entry(name: &str) -> Option<&'static BotEntry> {
    let (base, option) = split_option(name);
    if option.is_some() && search_config(name).is_none() {
        return None;
    }
    PLAYERS.iter().find(|e| e.name == base)
}

/// A name and its option (after the first colon).
fn split_option(name: &str) -> (&str, Option<&str>) {
    match name.split_once(':') {
        Some((base, option)) => (base, Some(option)),
        None => (name, None),
    }
}

/// The configuration of a `search` name with its option (`None` for another name or an
/// option it does not take).
fn search_config(name: &str) -> Option<SearchConfig> {
    match split_option(name) {
        ("search", None) => Some(SearchConfig::default()),
        ("search", Some(option)) if !option.is_empty() => SearchConfig::from_option(option),
        _ => None,
    }
}

/// A player by name, seeded with `seed` (`random` and `search` use it).
///
/// # Errors
/// A name that is not in [`NAMES`], or an option its player does not take.
pub fn make(name: &str, seed: u64) -> Result<Box<dyn Bot + Send + Sync>, UnknownPlayer> {
    if let Some(config) = search_config(name) {
        return Ok(Box::new(Search::new(config, seed)));
    }
    let e = entry(name).ok_or_else(|| UnknownPlayer(name.to_owned()))?;
    Ok((e.build)(seed))
}

/// How a seeded game derives each seat's player seed ([`seat_seed`]). Each caller fixed its
/// own derivation before this function existed, and each is pinned by seeded results people
/// reproduce (`mj game`'s events, the arena's reports, the Python environments'
/// trajectories), so all three are kept, here and nowhere else. A new caller takes
/// [`SeedScheme::Env`], the one with the best mixing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeedScheme {
    /// `mj game` (`mj_game::play`): `seed ^ (seat + 1) * GOLDEN`, seat 0..4.
    GameCommand,
    /// The arena: splitmix64's finaliser of `seed + (place + 1001) * GOLDEN`, where `seed` is
    /// the match's wall seed and `place` the player's place in the line-up (not its seat, so
    /// a player keeps its stream through the rotations of a duplicate set).
    Arena,
    /// The Python environments and self-play: one splitmix64 step of `seed` xor one step of
    /// `seat + 1`.
    #[default]
    Env,
}

/// The seed of the player at `index` (a seat, or the arena's line-up place) of a game seeded
/// `seed`, as `scheme` derives it.
///
/// ```
/// use mj_bot::registry::{SeedScheme, seat_seed};
/// assert_eq!(seat_seed(SeedScheme::GameCommand, 5, 0), 5 ^ 0x9E37_79B9_7F4A_7C15);
/// assert_ne!(seat_seed(SeedScheme::Env, 5, 0), seat_seed(SeedScheme::Env, 5, 1));
/// ```
pub fn seat_seed(scheme: SeedScheme, seed: u64, index: usize) -> u64 {
    let i = index as u64;
    match scheme {
        SeedScheme::GameCommand => seed ^ (i + 1).wrapping_mul(GOLDEN),
        SeedScheme::Arena => mix(seed.wrapping_add((i + 1001).wrapping_mul(GOLDEN))),
        SeedScheme::Env => {
            let step = |z: u64| mix(z.wrapping_add(GOLDEN));
            step(seed ^ step(i + 1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three derivations, written out as their callers wrote them before this module.
    #[test]
    fn the_schemes_are_the_callers_former_derivations() {
        for seed in [0u64, 1, 7, 42, u64::MAX, 0x0123_4567_89ab_cdef] {
            for i in 0..4usize {
                let cli = seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                assert_eq!(seat_seed(SeedScheme::GameCommand, seed, i), cli);
                // The arena's `mix(seed, i + 1000)`.
                let b = i as u64 + 1000;
                let arena = mix(seed.wrapping_add(b.wrapping_add(1).wrapping_mul(GOLDEN)));
                assert_eq!(seat_seed(SeedScheme::Arena, seed, i), arena);
                // mj-py's former `env::bot_seed`.
                let step = |z: u64| mix(z.wrapping_add(GOLDEN));
                let env = step(seed ^ step(i as u64 + 1));
                assert_eq!(seat_seed(SeedScheme::Env, seed, i), env);
            }
        }
    }

    #[test]
    fn search_takes_a_budget_after_a_colon() {
        for name in [
            "search",
            "search:20",
            "search:5ms",
            "search:samples=8",
            "search:20+rollout=mixed+margin=2+candidates=3+length=east",
            "search:samples=8+base=imitation",
            "search:5+base=defense",
        ] {
            assert!(make(name, 1).is_ok(), "{name}");
            assert_eq!(entry(name).map(|e| e.name), Some("search"), "{name}");
        }
        for name in [
            "search:",
            "search:0",
            "search:fast",
            "search:samples=0",
            "search:base=efficiency",
            "defense:20",
        ] {
            assert!(make(name, 1).is_err(), "{name}");
            assert!(entry(name).is_none(), "{name}");
        }
        assert_eq!(search_config("search:20").map(|c| c.think_ms), Some(20));
        assert_eq!(
            search_config("search:samples=8").and_then(|c| c.samples),
            Some(8)
        );
    }

    #[test]
    fn every_name_makes_its_player() {
        for name in NAMES {
            assert!(make(name, 3).is_ok(), "{name}");
        }
        let e = make("nobody", 0).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some(
                "unknown player `nobody` (known: random, tsumogiri, efficiency, value, \
                 value_untuned, defense, imitation, search)"
            )
        );
    }
}
