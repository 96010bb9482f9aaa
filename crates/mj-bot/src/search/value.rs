//! What a round's end is worth to one seat: its expected placement points (順位点) at the end
//! of the match, from the scores after the round and the rounds still to play.
//!
//! The value, in thousands of points, is the seat's score less the return (`target`) plus the
//! uma (and oka) it can expect: each other seat ends above it with probability
//! `1 / (1 + exp(-1.7 d / sigma))` (a logistic stand-in for the normal law of the difference
//! `d` of their scores), `sigma` = 7,000 points times the square root of the rounds left; the
//! rank then follows from those three chances taken as independent. With no round left (the
//! last round of the match, or a score below zero when busting ends it) the rank is the exact
//! one, ties to the seat nearer the first dealer as the match breaks them, so the value is the
//! match's own final points. The rounds left assume a hanchan (or an east-only match,
//! [`crate::search::SearchConfig::length`]); a dealer's repeat is not counted.

use mj_game::{GameRules, Length};

/// The spread of the difference of two seats' scores over one round, in points.
const SIGMA_PER_ROUND: f64 = 7_000.0;

/// Rounds left after the current one (`round_wind`, `dealer`), for a match of `length`.
pub(crate) fn rounds_left(length: Length, players: u8, round_wind: u8, dealer: u8) -> u32 {
    let n = u32::from(players.clamp(3, 4));
    let total = match length {
        Length::OneRound => 1,
        Length::EastOnly => n,
        Length::Hanchan => 2 * n,
    };
    let index = u32::from(round_wind) * n + u32::from(dealer);
    total.saturating_sub(index + 1)
}

/// The chance that seat `o` ends the match above seat `me`: with `sigma` (the spread of
/// their difference over the rounds left) a logistic of the score difference, without it the
/// exact order (the higher score first, a tie to the lower seat).
pub(super) fn chance_above(scores: &[i32; 4], o: usize, me: usize, sigma: Option<f64>) -> f64 {
    match sigma {
        None => {
            let ahead = scores[o] > scores[me] || (scores[o] == scores[me] && o < me);
            f64::from(u8::from(ahead))
        }
        Some(sigma) => {
            let d = f64::from(scores[o] - scores[me]);
            1.0 / (1.0 + (-1.7 * d / sigma).exp())
        }
    }
}

/// The expected placement points of `seat` (thousands) with `scores` after the round and
/// `left` rounds still to play (see the module docs).
pub(crate) fn placement_value(rules: &GameRules, scores: &[i32; 4], seat: u8, left: u32) -> f64 {
    let n = usize::from(rules.players.clamp(3, 4));
    let me = usize::from(seat);
    let r = &rules.riichi;
    let oka = f64::from((r.target - rules.start_points).saturating_mul(n as i32)) / 1000.0;
    let base = f64::from(scores[me] - r.target) / 1000.0;
    let busted = r.busting && scores[..n].iter().any(|&s| s < 0);
    // The chance of each count of seats above this one (0..n-1).
    let mut above = [0.0f64; 4];
    above[0] = 1.0;
    let sigma = SIGMA_PER_ROUND * f64::from(left).sqrt();
    for o in (0..n).filter(|&o| o != me) {
        let p = chance_above(scores, o, me, (left > 0 && !busted).then_some(sigma));
        for k in (0..n).rev() {
            let stay = above[k] * (1.0 - p);
            let from_below = if k > 0 { above[k - 1] * p } else { 0.0 };
            above[k] = stay + from_below;
        }
    }
    let mut uma = 0.0;
    for (k, &pk) in above.iter().enumerate().take(n) {
        uma += pk * f64::from(r.uma[k]);
    }
    base + uma + above[0] * oka
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use mj_game::game::final_points;

    /// With no round left the value is the match's own final points (Tenhou's rounding off).
    #[test]
    fn last_round_value_is_the_final_points() {
        let mut rules = GameRules::tenhou();
        rules.riichi.round_final_points = false;
        rules.riichi.tied_ranks_share_uma = false;
        for scores in [
            [25_000, 25_000, 25_000, 25_000],
            [42_100, 30_000, 18_900, 9_000],
            [-1_000, 51_000, 30_000, 20_000],
            [30_000, 30_000, 20_000, 20_000],
        ] {
            let fp = final_points(&rules, &scores);
            for s in 0..4u8 {
                let v = placement_value(&rules, &scores, s, 0);
                let want = f64::from(fp[usize::from(s)]) / 10.0;
                assert!(
                    (v - want).abs() < 0.11,
                    "{scores:?} seat {s}: {v} vs {want}"
                );
            }
        }
    }

    /// Early in the match the uma is spread: a lead is worth less than its exact rank.
    #[test]
    fn early_value_is_smoother_and_ordered() {
        let rules = GameRules::tenhou();
        let scores = [33_000, 25_000, 22_000, 20_000];
        let early: Vec<f64> = (0..4)
            .map(|s| placement_value(&rules, &scores, s, 7))
            .collect();
        let last: Vec<f64> = (0..4)
            .map(|s| placement_value(&rules, &scores, s, 0))
            .collect();
        assert!(early.windows(2).all(|w| w[0] > w[1]), "{early:?}");
        assert!(
            early[0] < last[0] && early[3] > last[3],
            "{early:?} {last:?}"
        );
    }

    #[test]
    fn rounds_left_counts_down_to_the_last() {
        assert_eq!(rounds_left(Length::Hanchan, 4, 0, 0), 7);
        assert_eq!(rounds_left(Length::Hanchan, 4, 1, 3), 0);
        assert_eq!(rounds_left(Length::EastOnly, 4, 0, 3), 0);
        assert_eq!(rounds_left(Length::Hanchan, 3, 1, 0), 2);
        assert_eq!(rounds_left(Length::Hanchan, 4, 2, 0), 0);
    }
}
