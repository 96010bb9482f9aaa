//! The scoring engine: readings of a winning hand (standard sets + pair, knitted straight with a
//! set and a pair, the special forms) and the fans of each, on fixed-size count arrays.
//!
//! Tiles are numbered here in the order the reference implementation of these rules walks them
//! (so that equal-total readings are met in the same order): 0-8 characters (m), 9-17 bamboo
//! (s), 18-26 dots (p), 27-30 East South West North, 31 Red (中), 32 Green (發), 33 White (白).
//!
//! Modules, each using only those above it: `kinds` (numbering, predicates, masks) <- `context`
//! (fan table, [`EngineGroup`], [`EngineReading`], [`Ctx`]) <- `decompose` (standard readings, waits)
//! <- `sets` (set fans) and `hand_fans` (whole-hand fans) <- `regular` (a standard reading's
//! fans) and `special` (the special forms) <- this file's [`evaluate`].

mod context;
mod decompose;
mod hand_fans;
mod kinds;
mod regular;
mod sets;
mod special;

pub(crate) use context::{Ctx, EngineGroup, EngineReading, FanTable, for_each_counted};
pub(crate) use kinds::{KNITTED, RED, WHITE};

use super::table::Fan;
use context::{TABLE_LEN, total};
use decompose::{divide, is_unique_waiting};
use regular::regular;
use special::{knitted_straight, nine_gates, special_form};

/// The best reading and its fans, or `None` if the hand is not a win.
pub(crate) fn evaluate(ctx: &Ctx) -> Option<(FanTable, EngineReading)> {
    let kinds_in_hand = ctx.kinds_in_hand;
    let mut best: Option<(FanTable, EngineReading)> = None;
    let mut max_fan = 0u32;
    if ctx.fixed_cnt == 0 {
        let mut table = [0i8; TABLE_LEN];
        let reading = special_form(ctx, kinds_in_hand, &mut table)
            .or_else(|| knitted_straight(ctx, &mut table))
            .or_else(|| nine_gates(ctx, &mut table));
        if let Some(r) = reading {
            max_fan = total(&table);
            best = Some((table, r));
        }
    } else if ctx.fixed_cnt == 1 {
        let mut table = [0i8; TABLE_LEN];
        if let Some(r) = knitted_straight(ctx, &mut table) {
            max_fan = total(&table);
            best = Some((table, r));
        }
    }
    let seven_pairs = matches!(&best, Some((t, _)) if t[Fan::QiDui as usize] == 1);
    if max_fan == 0 || seven_pairs {
        let mut counts = ctx.standing;
        let unique_standing = ctx.held;
        // Whether the hand waited on one kind only: worked out the first time a reading asks.
        let mut waiting: Option<bool> = None;
        let mut unique_waiting = || {
            *waiting.get_or_insert_with(|| {
                let mut standing = [0u16; 34];
                for (s, &c) in standing.iter_mut().zip(ctx.standing.iter()) {
                    *s = u16::from(c);
                }
                let standing_cnt = 13 - 3 * ctx.fixed_cnt as i32;
                is_unique_waiting(&mut standing, standing_cnt, ctx.win, ctx.held, Some(4))
            })
        };
        let mut packs = [EngineGroup::NONE; 5];
        packs[..ctx.fixed_cnt].copy_from_slice(&ctx.fixed_packs[..ctx.fixed_cnt]);
        if ctx.pairs != 0 {
            let mut chosen: Option<(FanTable, EngineReading)> = None;
            divide(
                &mut counts,
                unique_standing,
                ctx.fixed_cnt,
                0,
                false,
                &mut packs,
                &mut |packs| {
                    let table = regular(ctx, packs, kinds_in_hand, &mut unique_waiting);
                    let fan = total(&table);
                    let take = if fan > max_fan {
                        max_fan = fan;
                        true
                    } else {
                        // Equal totals: the later reading wins if it has 一色三同顺 or 三同刻 (or
                        // if the competitor is the seven-pairs reading).
                        fan == max_fan
                            && (table[Fan::YiSeSanTongShun as usize] == 1
                                || seven_pairs
                                || table[Fan::SanTongKe as usize] != 0)
                    };
                    if take {
                        chosen = Some((table, EngineReading::Standard(*packs)));
                    }
                },
            );
            if chosen.is_some() {
                best = chosen;
            }
        }
    }
    if max_fan == 0 { None } else { best }
}
