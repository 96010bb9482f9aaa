//! Tenhou's rooms: the match rules of a logged game, read from what the log says (the `GO`
//! tag's type bits, its `lobby` and `csrule` attributes, the first `INIT`'s scores and the
//! way `owari` writes the final points), or an [`UnsupportedRoom`] that names the room when
//! its rules are not modelled. A replay checks the final scores and points against the log
//! under these rules, so a room modelled wrongly shows as a mismatch, never as a match.
//!
//! | room (GO type) | rules | evidence in `../shared/logs` |
//! |---|---|---|
//! | ranked, four players, hanchan (`0x09`, `0x29`, `0x89`, `0xA9`, ...) | [`GameRules::tenhou`]: 25,000 start, 30,000 returned, uma 10-20 | Phoenix games of 2009-2023 |
//! | ranked, four players, east only, with a `lobby` attribute (`0xE1`, ...) | the same | Phoenix east-only games of 2020 |
//! | ranked, four players, east only, no `lobby` attribute (2009 and early 2010: `0x41`, `0x61`, `0xA1`, ...) | uma 5-10 | `corner-cases/bye.xml`, `shuffle.xml` (`0xA1`, 2009) |
//! | ranked, three players (`0x19`, `0xB9`, ...) | [`GameRules::sanma`]: 35,000 start, 40,000 returned, uma 20-0-20 | Phoenix three-player games of 2020 |
//! | no `lobby` attribute (2009 and early 2010) | the dealer's tenpai in the last round does not end the match (`tenpai_yame` off) | `corner-cases/bug1.xml` |
//! | 雀荘 rooms (bit `0x800`, e.g. `0x841`) | the starting score (a deal's scores and sticks over the seats) returned, no uma, no oka | `corner-cases/ratio.xml`, `sanma.xml` |
//! | a private lobby's `csrule` (seen: flags `0FE0BF0B,0000001F`) | its start and return points and its uma; tied seats share the uma of their places | `corner-cases/newattr2023.xml` |
//! | chip rooms (祝儀, bits `0x200`, `0x400`) | refused: their own payments (kiriage mangan, 1,500 a honba in `ratio1.xml_`, chips) and uma 10-30 | `corner-cases/chip.xml_`, `ratio1.xml_` |
//! | any other bit above `0xFFF`, or a `csrule` with other flags or fields | refused | |
//!
//! Bits `0x01` (played by people), `0x20`/`0x80` (the room's level), `0x40` (fast) and `0x100`
//! change no payment. Final points are rounded to thousands before the uma when `owari` writes
//! them whole (Tenhou until about 2021), and kept to the tenth when it writes tenths.

use core::fmt;

use mj_game::GameRules;

/// A room whose rules this crate does not model: the replay refuses the game by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsupportedRoom {
    /// The `GO type` attribute.
    pub go_type: u32,
    /// What is not modelled.
    pub why: String,
}

impl fmt::Display for UnsupportedRoom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "lobby rules of GO type {:#x} ({})",
            self.go_type, self.why
        )
    }
}

/// What a log says about its room.
#[derive(Clone, Copy, Debug)]
pub struct RoomFacts<'a> {
    /// `GO type`.
    pub go_type: u32,
    /// `GO lobby`; `None` in the logs of 2009 and early 2010, which have no such attribute.
    pub lobby: Option<u32>,
    /// `GO csrule`, when present and not empty.
    pub csrule: Option<&'a str>,
    /// The scores of the first deal.
    pub first_scores: &'a [i32],
    /// The riichi sticks on the table at the first deal.
    pub first_sticks: u32,
    /// The final points as the log writes them (`owari`), when it has them.
    pub final_points: Option<&'a [f64]>,
}

/// The rules of a room from its facts, as the module docs' table says.
///
/// # Errors
/// A room whose rules are not modelled, named by its `GO type`.
pub fn room_rules_of(facts: &RoomFacts<'_>) -> Result<GameRules, UnsupportedRoom> {
    let t = facts.go_type;
    let refuse = |why: &str| UnsupportedRoom {
        go_type: t,
        why: why.to_owned(),
    };
    if t & 0x600 != 0 {
        return Err(refuse(
            "a chip room (祝儀): its payments (kiriage mangan, its own honba, chips) and uma are not modelled",
        ));
    }
    if t & !0xFFF != 0 {
        return Err(refuse("type bits above 0xFFF are not known"));
    }
    let three = t & 0x10 != 0;
    let hanchan = t & 0x08 != 0;
    let mut rules = if three {
        GameRules::sanma()
    } else {
        GameRules::tenhou()
    };
    rules.red_fives = t & 0x02 == 0;
    rules.riichi.open_tanyao = t & 0x04 == 0;
    if facts.lobby.is_none() {
        // 2009 and early 2010: no tenpai-yame, and east-only games paid 5-10.
        rules.riichi.tenpai_yame = false;
        if !three && !hanchan {
            rules.riichi.uma = [10, 5, -5, -10];
        }
    }
    if t & 0x800 != 0 {
        // 雀荘 rooms: points are the score above the start, with no uma and no oka.
        let start = start_points(facts.first_scores, facts.first_sticks)
            .ok_or_else(|| refuse("a 雀荘 room whose first deal has no scores"))?;
        rules.start_points = start;
        rules.riichi.target = start;
        rules.riichi.uma = [0; 4];
    }
    if let Some(cs) = facts.csrule {
        custom_rules(cs, three, &mut rules).map_err(|why| refuse(&why))?;
    }
    if let Some(points) = facts.final_points {
        rules.riichi.round_final_points = points.iter().all(|u| (u * 10.0).round() % 10.0 == 0.0);
    }
    Ok(rules)
}

/// The starting score of a game from any of its deals: the scores and the sticks on the
/// table always add up to the seats' starting scores.
fn start_points(scores: &[i32], sticks: u32) -> Option<i32> {
    let n = i32::try_from(scores.len()).ok().filter(|&n| n > 0)?;
    let total = scores
        .iter()
        .try_fold(i32::try_from(sticks).ok()?.checked_mul(1000)?, |a, &s| {
            a.checked_add(s)
        })?;
    (total % n == 0).then_some(total / n)
}

/// The flags of the only `csrule` seen in a real log; other flags may change play or
/// payments, so they are refused until a log shows what they do.
const CSRULE_FLAGS: [&str; 2] = ["0FE0BF0B", "0000001F"];

/// A private lobby's `csrule`: comma-separated fields, of which the seen log fills the two
/// flag words (0, 1), the start points (4), the returned points (5 and 6, equal) and, from
/// field 21, five triples of uma for the second, third and fourth places (all five equal: the
/// variants for how many players are above the returned points). Tied seats share the uma of
/// the places they hold together.
fn custom_rules(cs: &str, three: bool, rules: &mut GameRules) -> Result<(), String> {
    if three {
        return Err("a three-player csrule".to_owned());
    }
    let f: Vec<&str> = cs.split(',').map(str::trim).collect();
    let num = |i: usize| -> Result<i32, String> {
        f.get(i)
            .and_then(|v| v.parse::<i32>().ok())
            .ok_or_else(|| format!("csrule field {i} is not a number"))
    };
    if f.len() < 36 || f[..2] != CSRULE_FLAGS {
        return Err(format!(
            "csrule flags {}: only {} are known",
            f.iter().take(2).copied().collect::<Vec<_>>().join(","),
            CSRULE_FLAGS.join(",")
        ));
    }
    let (start, back, end) = (num(4)?, num(5)?, num(6)?);
    if back != end {
        return Err(format!(
            "csrule fields 5 and 6 differ ({back}, {end}): the second is not known"
        ));
    }
    let uma: Vec<i32> = (21..24).map(num).collect::<Result<_, _>>()?;
    for k in 1..5 {
        let again: Vec<i32> = (21 + 3 * k..24 + 3 * k)
            .map(num)
            .collect::<Result<_, _>>()?;
        if again != uma {
            return Err("csrule uma that depends on the places above the return (浮き)".to_owned());
        }
    }
    let known: Vec<usize> = [0, 1, 4, 5, 6].into_iter().chain(21..36).collect();
    if let Some(i) = (0..f.len()).find(|i| !known.contains(i) && !f[*i].is_empty()) {
        return Err(format!("csrule field {i} ({:?}) is not known", f[i]));
    }
    if !(0..=1_000_000).contains(&start) || !(0..=1_000_000).contains(&back) {
        return Err("csrule points out of range".to_owned());
    }
    rules.start_points = start;
    rules.riichi.target = back;
    let first = -(uma[0] + uma[1] + uma[2]);
    rules.riichi.uma = [first, uma[0], uma[1], uma[2]];
    rules.riichi.tied_ranks_share_uma = true;
    Ok(())
}

/// The `GO type` bits a tenhou.net/6 `rule.disp` names (`"鳳南喰赤"`, `"般東喰"`, `"三鳳南喰赤速"`,
/// `"Gold Room South"`): three players, hanchan, open tanyao, red fives, fast; `None` when it
/// names no length (east or south).
pub fn disp_go_type(disp: &str, aka: bool) -> Option<u32> {
    let south = disp.contains('南') || disp.contains("South");
    let east = disp.contains('東') || disp.contains("East");
    if south == east {
        return None;
    }
    let english = disp.is_ascii();
    let mut t = 0x01;
    if south {
        t |= 0x08;
    }
    if disp.contains('三') || disp.contains("3-Player") || disp.contains("3P") {
        t |= 0x10;
    }
    if !aka {
        t |= 0x02;
    }
    if !english && !disp.contains('喰') {
        t |= 0x04;
    }
    if disp.contains('速') || disp.contains("Fast") {
        t |= 0x40;
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(go_type: u32, lobby: Option<u32>) -> RoomFacts<'static> {
        RoomFacts {
            go_type,
            lobby,
            csrule: None,
            first_scores: &[25000; 4],
            first_sticks: 0,
            final_points: None,
        }
    }

    #[test]
    fn rooms_by_type_and_era() {
        let r = room_rules_of(&facts(0xA9, Some(0))).expect("ranked");
        assert_eq!(r, GameRules::tenhou());
        let r = room_rules_of(&facts(0xE1, Some(0))).expect("ranked");
        assert_eq!(r.riichi.uma, [20, 10, -10, -20]);
        for t in [0x41, 0x61, 0xA1] {
            let r = room_rules_of(&facts(t, None)).expect("2009");
            assert_eq!(r.riichi.uma, [10, 5, -5, -10], "{t:#x}");
            assert!(!r.riichi.tenpai_yame);
        }
        let r = room_rules_of(&facts(0xB9, Some(0))).expect("sanma");
        assert_eq!(r, GameRules::sanma());
        for t in [0x229, 0x621, 0x1029] {
            let e = room_rules_of(&facts(t, Some(0))).err();
            assert!(
                e.as_ref().is_some_and(|e| e
                    .to_string()
                    .starts_with(&format!("lobby rules of GO type {t:#x}"))),
                "{e:?}"
            );
        }
    }

    #[test]
    fn disp_names_the_bits() {
        assert_eq!(disp_go_type("鳳南喰赤", true), Some(0x09));
        assert_eq!(disp_go_type("般東喰", false), Some(0x03));
        assert_eq!(disp_go_type("三鳳南喰赤速", true), Some(0x59));
        assert_eq!(disp_go_type("Gold Room South", true), Some(0x09));
        assert_eq!(disp_go_type("", true), None);
    }
}
