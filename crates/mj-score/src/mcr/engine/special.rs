//! The special forms: seven (shifted) pairs, thirteen orphans, honors and knitted, nine gates,
//! and the knitted straight with a set and a pair.

use super::context::{Ctx, EngineGroup, EngineReading, FanTable};
use super::decompose::{divide, is_unique_waiting, mask_of_counts};
use super::hand_fans::{
    exclusions, rank_range, suit_fans, tile_hog, tile_traits, win_flags, wind_pung,
};
use super::kinds::{
    KNITTED, NUM_MASK, ORPHAN_MASK, is_dragon, is_num, is_terminal, is_wind, rank, suit,
};
use super::sets::wait_fans;
use crate::mcr::table::Fan;
use mj_tiles::GroupKind;

/// 七对 / 连七对, 全不靠 / 七星不靠, 十三幺 (fully concealed hands only).
pub(crate) fn special_form(
    ctx: &Ctx,
    kinds_in_hand: u64,
    t: &mut FanTable,
) -> Option<EngineReading> {
    let s = &ctx.standing;
    if ctx.odd == 0 {
        if seven_shifted_pairs(s, ctx.win) {
            t[Fan::LianQiDui as usize] = 1;
            let base = suit(ctx.win) as usize * 9;
            if s[base] == 0 && s[base + 8] == 0 {
                t[Fan::DuanYao as usize] = 1;
            }
            win_flags(ctx, t);
            return Some(EngineReading::SevenShiftedPairs);
        }
        t[Fan::QiDui as usize] = 1;
        suit_fans(kinds_in_hand, t);
        tile_traits(kinds_in_hand, t);
        rank_range(kinds_in_hand, t);
        tile_hog(ctx, 0, t);
        win_flags(ctx, t);
        exclusions(t);
        return Some(EngineReading::SevenPairs);
    }
    if kinds_in_hand.count_ones() == 14 {
        let numbered = kinds_in_hand & NUM_MASK;
        let n = numbered.count_ones();
        if (7..=9).contains(&n) && KNITTED.iter().any(|k| numbered & !knit_mask(k) == 0) {
            if n == 7 {
                t[Fan::QiXingBuKao as usize] = 1;
            } else {
                t[Fan::QuanBuKao as usize] = 1;
                if n == 9 {
                    t[Fan::ZuHeLong as usize] = 1;
                }
            }
            win_flags(ctx, t);
            return Some(EngineReading::HonorsAndKnitted);
        }
    }
    if kinds_in_hand == ORPHAN_MASK {
        t[Fan::ShiSanYao as usize] = 1;
        win_flags(ctx, t);
        return Some(EngineReading::ThirteenOrphans);
    }
    None
}

pub(crate) const fn knit_mask(k: &[u8; 9]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < 9 {
        m |= 1 << k[i];
        i += 1;
    }
    m
}

pub(crate) fn seven_shifted_pairs(s: &[u8; 34], win: u8) -> bool {
    if !is_num(win) {
        return false;
    }
    let b = suit(win) as usize * 9;
    if (2..7).all(|r| s[b + r] == 2) {
        if s[b + 1] == 2 {
            return s[b] == 2 || s[b + 7] == 2;
        }
        return s[b + 7] == 2 && s[b + 8] == 2;
    }
    false
}

/// 组合龙 with one more set (declared or concealed) and a pair.
pub(crate) fn knitted_straight(ctx: &Ctx, t: &mut FanTable) -> Option<EngineReading> {
    let s = &ctx.standing;
    if ctx.pairs == 0 {
        return None;
    }
    const KNIT_MASKS: [u64; 6] = {
        let mut m = [0u64; 6];
        let mut i = 0;
        while i < 6 {
            m[i] = knit_mask(&KNITTED[i]);
            i += 1;
        }
        m
    };
    let which = KNIT_MASKS.iter().position(|&k| ctx.held & k == k)?;
    let mut rest = *s;
    for &x in &KNITTED[which] {
        rest[x as usize] -= 1;
    }
    // The rest: exactly one reading as (set +) pair.
    let mut found: Option<[EngineGroup; 5]> = None;
    let mut readings = 0;
    let mut packs = [EngineGroup::NONE; 5];
    if ctx.fixed_cnt == 1 {
        packs[3] = ctx.fixed_packs[0];
    }
    let mut work = rest;
    let mask = mask_of_counts(&work);
    divide(
        &mut work,
        mask,
        3 + ctx.fixed_cnt,
        0,
        false,
        &mut packs,
        &mut |p| {
            readings += 1;
            found = Some(*p);
        },
    );
    if readings != 1 {
        return None;
    }
    let packs = found?;
    let (set, pair) = (packs[3], packs[4].tile);
    let total = |x: u8| ctx.fixed[x as usize] + ctx.standing[x as usize];

    t[Fan::ZuHeLong as usize] = 1;
    if set.kind == GroupKind::Sequence {
        if is_num(pair) {
            t[Fan::PingHe as usize] = 1;
        }
        if total(pair) == 4 {
            t[Fan::SiGuiYi as usize] = 1;
        }
    } else if !is_num(set.tile) {
        if is_wind(set.tile) {
            t[Fan::YaoJiuKe as usize] = 1;
            wind_pung(ctx, set.tile, t);
            if is_dragon(pair) {
                t[Fan::WuMenQi as usize] = 1;
            }
        } else {
            t[Fan::JianKe as usize] = 1;
            if is_wind(pair) {
                t[Fan::WuMenQi as usize] = 1;
            }
        }
    } else {
        if is_terminal(set.tile) {
            t[Fan::YaoJiuKe as usize] = 1;
        }
        if is_num(pair) {
            t[Fan::WuZi as usize] = 1;
        }
        if set.kind != GroupKind::Quad && total(set.tile) == 4 {
            t[Fan::SiGuiYi as usize] = 1;
        }
    }
    win_flags(ctx, t);
    if set.melded {
        if set.kind == GroupKind::Quad {
            t[Fan::MingGang as usize] = 1;
        }
    } else {
        if set.kind == GroupKind::Quad {
            t[Fan::AnGang as usize] = 1;
        }
        if ctx.tsumo {
            t[Fan::BuQiuRen as usize] = 1;
            t[Fan::ZiMo as usize] = 0;
        } else {
            t[Fan::MenQianQing as usize] = 1;
        }
    }
    let in_body = KNITTED[which].contains(&ctx.win);
    if ctx.fixed_cnt == 0 {
        // The wait is judged on the set and pair left beside the straight; when the winning tile
        // is only in the straight its count there wraps as in the reference (16-bit counts).
        let mut table = [0u16; 34];
        for (d, &c) in table.iter_mut().zip(rest.iter()) {
            *d = u16::from(c);
        }
        let mask = mask_of_counts(&table);
        let mut wrapped = table;
        let w = ctx.win as usize;
        wrapped[w] = wrapped[w].wrapping_sub(1);
        let left = wrapped.iter().all(|&c| c <= 4).then_some(4);
        wait_fans(
            &packs[3..5],
            ctx.win,
            || is_unique_waiting(&mut table, 4, ctx.win, mask, left),
            t,
        );
    } else if !in_body || ctx.standing[ctx.win as usize] == 3 {
        t[Fan::DanDiaoJiang as usize] = 1;
    }
    exclusions(t);
    Some(EngineReading::Knitted(which, set, packs[4]))
}

/// 九莲宝灯: 1112345678999 of one suit concealed, won on any tile of the suit; the extra
/// combinations of the winning tile are counted (清龙 + 四归一 on 1/9, 双暗刻 + 幺九刻 on
/// 2/5/8, 连六 on 2/3/4/6/7/8).
pub(crate) fn nine_gates(ctx: &Ctx, t: &mut FanTable) -> Option<EngineReading> {
    let s = &ctx.standing;
    let w = ctx.win;
    if !is_num(w) {
        return None;
    }
    let b = suit(w) as usize * 9;
    let r = rank(w) as usize;
    let want = |k: usize| -> u8 {
        let base = match k {
            1 | 9 => 3,
            _ => 1,
        };
        if k == r { base + 1 } else { base }
    };
    if !(1..=9).all(|k| s[b + k - 1] == want(k)) {
        return None;
    }
    t[Fan::JiuLianBaoDeng as usize] = 1;
    match r {
        1 | 9 => {
            t[Fan::QingLong as usize] = 1;
            t[Fan::SiGuiYi as usize] = 1;
        }
        2 | 8 => {
            t[Fan::ShuangAnKe as usize] = 1;
            t[Fan::LianLiu as usize] = 1;
            t[Fan::YaoJiuKe as usize] = 1;
        }
        5 => {
            t[Fan::ShuangAnKe as usize] = 1;
            t[Fan::YaoJiuKe as usize] = 1;
        }
        _ => t[Fan::LianLiu as usize] = 1,
    }
    win_flags(ctx, t);
    Some(EngineReading::NineGates)
}
