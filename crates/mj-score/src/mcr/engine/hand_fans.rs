//! Fans of the whole hand, whatever its reading: win flags, suits, tile traits, rank ranges,
//! 四归一, wind pungs and the 不计 exclusions applied at the end.

use super::context::{Ctx, EngineGroup, FanTable};
use super::kinds::{
    DRAGON_MASK, EAST, GREEN_MASK, HONOR_MASK, ORPHAN_MASK, REVERSIBLE_MASK, SUIT_MASKS,
    TERMINAL_MASK, WIND_MASK, is_num, rank,
};
use crate::mcr::table::{EXCLUSIONS, Exclusion, Fan};
use mj_tiles::GroupKind;

pub(crate) fn win_flags(ctx: &Ctx, t: &mut FanTable) {
    if ctx.last_tile {
        t[Fan::HeJueZhang as usize] = 1;
    }
    if ctx.tsumo {
        t[Fan::ZiMo as usize] = 1;
        if ctx.last_wall {
            t[Fan::MiaoShouHuiChun as usize] = 1;
            t[Fan::ZiMo as usize] = 0;
        }
        if ctx.kong {
            t[Fan::GangShangKaiHua as usize] = 1;
            t[Fan::ZiMo as usize] = 0;
        }
    } else {
        if ctx.last_wall {
            t[Fan::HaiDiLaoYue as usize] = 1;
        }
        if ctx.kong {
            t[Fan::QiangGangHe as usize] = 1;
            t[Fan::HeJueZhang as usize] = 0;
        }
    }
}

/// 全带幺, 全带五, 全双刻 from the five groups.
pub(crate) fn group_traits(packs: &[EngineGroup; 5], t: &mut FanTable) {
    let (mut terminal, mut honor, mut five, mut even) = (0, 0, 0, 0);
    for p in packs {
        if !is_num(p.tile) {
            honor += 1;
            continue;
        }
        let r = rank(p.tile);
        if p.kind == GroupKind::Sequence {
            match r {
                2 | 8 => terminal += 1,
                4..=6 => five += 1,
                _ => {}
            }
        } else {
            match r {
                1 | 9 => terminal += 1,
                5 => five += 1,
                2 | 4 | 6 | 8 => even += 1,
                _ => {}
            }
        }
    }
    if terminal + honor == 5 {
        t[Fan::QuanDaiYao as usize] = 1;
    } else if five == 5 {
        t[Fan::QuanDaiWu as usize] = 1;
    } else if even == 5 {
        t[Fan::QuanShuangKe as usize] = 1;
    }
}

/// 无字, 缺一门, 混一色, 清一色, 五门齐 from the kinds present.
pub(crate) fn suit_fans(kinds_in_hand: u64, t: &mut FanTable) {
    let has_honor = kinds_in_hand & HONOR_MASK != 0;
    if !has_honor {
        t[Fan::WuZi as usize] = 1;
    }
    let voids = SUIT_MASKS[..3]
        .iter()
        .filter(|&&m| kinds_in_hand & m == 0)
        .count() as i8;
    t[Fan::QueYiMen as usize] = voids;
    if voids == 2 {
        t[Fan::QueYiMen as usize] = 0;
        if has_honor {
            t[Fan::HunYiSe as usize] = 1;
        } else {
            t[Fan::QingYiSe as usize] = 1;
            t[Fan::WuZi as usize] = 0;
        }
    }
    if voids == 0 && kinds_in_hand & WIND_MASK != 0 && kinds_in_hand & DRAGON_MASK != 0 {
        t[Fan::WuMenQi as usize] = 1;
    }
}

/// 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from the kinds present.
pub(crate) fn tile_traits(kinds_in_hand: u64, t: &mut FanTable) {
    if kinds_in_hand & ORPHAN_MASK == 0 {
        t[Fan::DuanYao as usize] = 1;
    }
    if kinds_in_hand & !REVERSIBLE_MASK == 0 {
        t[Fan::TuiBuDao as usize] = 1;
    }
    if kinds_in_hand & !GREEN_MASK == 0 {
        t[Fan::LvYiSe as usize] = 1;
    }
    if t[Fan::DuanYao as usize] != 0 {
        return;
    }
    if kinds_in_hand & !HONOR_MASK == 0 {
        t[Fan::ZiYiSe as usize] = 1;
    } else if kinds_in_hand & !TERMINAL_MASK == 0 {
        t[Fan::QingYaoJiu as usize] = 1;
    } else if kinds_in_hand & !ORPHAN_MASK == 0 {
        t[Fan::HunYaoJiu as usize] = 1;
    }
}

/// 大于五, 小于五, 全大, 全中, 全小 from the ranks present (numbered tiles only).
pub(crate) fn rank_range(kinds_in_hand: u64, t: &mut FanTable) {
    if kinds_in_hand & HONOR_MASK != 0 {
        return;
    }
    let mut ranks = 0u16;
    for s in 0..3 {
        ranks |= ((kinds_in_hand >> (9 * s)) & 0x1ff) as u16;
    }
    // bit r-1 = rank r
    if ranks & !0b1111 == 0 {
        t[if ranks & 0b1000 != 0 {
            Fan::XiaoYuWu
        } else {
            Fan::QuanXiao
        } as usize] = 1;
    } else if ranks & !0b1_1110_0000 == 0 {
        t[if ranks & 0b10_0000 != 0 {
            Fan::DaYuWu
        } else {
            Fan::QuanDa
        } as usize] = 1;
    } else if ranks & !0b11_1000 == 0 {
        t[Fan::QuanZhong as usize] = 1;
    }
}

/// 四归一: kinds with all four tiles in the hand, not counting declared kongs.
pub(crate) fn tile_hog(ctx: &Ctx, kongs: i32, t: &mut FanTable) {
    t[Fan::SiGuiYi as usize] = (ctx.fours - kongs) as i8;
}

pub(crate) fn exclusions(t: &mut FanTable) {
    for &(fan, rule) in EXCLUSIONS {
        if t[fan as usize] == 0 {
            continue;
        }
        match rule {
            Exclusion::Drop(fans) => {
                for &f in fans {
                    t[f as usize] = 0;
                }
            }
            Exclusion::FourConcealedPungs => {
                t[Fan::PengPengHe as usize] = 0;
                t[Fan::MenQianQing as usize] = 0;
                if t[Fan::BuQiuRen as usize] != 0 {
                    t[Fan::BuQiuRen as usize] = 0;
                    t[Fan::ZiMo as usize] = 1;
                }
            }
            Exclusion::BigThreeWinds => {
                if t[Fan::ZiYiSe as usize] == 0 && t[Fan::HunYaoJiu as usize] == 0 {
                    t[Fan::YaoJiuKe as usize] -= 3;
                }
            }
        }
    }
}

/// 圈风刻 / 门风刻 for a wind pung (it is then not also a 幺九刻).
pub(crate) fn wind_pung(ctx: &Ctx, tile: u8, t: &mut FanTable) {
    let deducted = t[Fan::SanFengKe as usize] != 0
        || t[Fan::HunYaoJiu as usize] != 0
        || t[Fan::ZiYiSe as usize] != 0
        || t[Fan::XiaoSiXi as usize] != 0;
    let w = tile - EAST;
    if w == ctx.prevalent {
        t[Fan::QuanFengKe as usize] = 1;
        if !deducted {
            t[Fan::YaoJiuKe as usize] -= 1;
        }
    }
    if w == ctx.seat {
        t[Fan::MenFengKe as usize] = 1;
        if ctx.seat != ctx.prevalent && !deducted {
            t[Fan::YaoJiuKe as usize] -= 1;
        }
    }
}

// ---------------------------------------------------------------- special forms
