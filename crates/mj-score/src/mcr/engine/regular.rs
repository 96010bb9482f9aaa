//! The fans of one standard reading (four sets and a pair): set fans, hand-wide traits and the
//! exclusions, in the reference's order.

use super::context::{Ctx, EngineGroup, FanTable, TABLE_LEN};
use super::hand_fans::{
    exclusions, group_traits, rank_range, suit_fans, tile_hog, tile_traits, win_flags, wind_pung,
};
use super::kinds::{is_dragon, is_num, is_terminal, is_wind, rank, suit};
use super::sets::{
    four_chows, four_pungs, kongs_and_concealed, three_chows, three_pungs, two_chows_fan,
    two_pungs_fan, wait_fans,
};
use crate::mcr::table::Fan;
use mj_tiles::GroupKind;

/// The fans of one standard reading.
pub(crate) fn regular(
    ctx: &Ctx,
    packs: &[EngineGroup; 5],
    kinds_in_hand: u64,
    unique_waiting: &mut impl FnMut() -> bool,
) -> FanTable {
    let mut table = [0i8; TABLE_LEN];
    let t = &mut table;
    let mut pair = 0u8;
    let mut chows = [0u8; 4];
    let mut pungs = [EngineGroup::NONE; 4];
    let (mut nc, mut np) = (0usize, 0usize);
    let (mut concealed_pungs, mut melded_kongs, mut concealed_kongs) = (0i32, 0i32, 0i32);
    for p in packs {
        match p.kind {
            GroupKind::Sequence => {
                chows[nc] = p.tile;
                nc += 1;
            }
            GroupKind::Triplet => {
                pungs[np] = *p;
                np += 1;
                if !p.melded {
                    concealed_pungs += 1;
                }
            }
            GroupKind::Quad => {
                pungs[np] = *p;
                np += 1;
                if p.melded {
                    melded_kongs += 1;
                } else {
                    concealed_kongs += 1;
                }
            }
            GroupKind::Pair => pair = p.tile,
        }
    }
    let win = ctx.win;
    win_flags(ctx, t);

    // On a discard, a concealed pung of the winning tile is exposed, unless the tile can be read
    // into a concealed chow.
    if !ctx.tsumo {
        let in_chow = packs[ctx.fixed_cnt..].iter().any(|p| {
            p.kind == GroupKind::Sequence
                && (p.tile == win || p.tile + 1 == win || p.tile == win + 1)
        });
        if !in_chow {
            for p in &pungs[..np] {
                if p.tile == win && !p.melded && p.kind == GroupKind::Triplet {
                    concealed_pungs -= 1;
                }
            }
        }
    }

    if np != 0 {
        kongs_and_concealed(concealed_pungs, melded_kongs, concealed_kongs, t);
        if np == 4 && t[Fan::SiGang as usize] == 0 && t[Fan::SiAnKe as usize] == 0 {
            t[Fan::PengPengHe as usize] = 1;
        }
        for p in &pungs[..np] {
            if is_dragon(p.tile) {
                t[Fan::JianKe as usize] += 1;
            } else if is_terminal(p.tile) || is_wind(p.tile) {
                t[Fan::YaoJiuKe as usize] += 1;
            }
        }
    }

    match nc {
        4 => {
            if three_suited_terminal_chows(&chows, pair) {
                t[Fan::SanSeShuangLongHui as usize] = 1;
            } else if pure_terminal_chows(&chows, pair) {
                t[Fan::YiSeShuangLongHui as usize] = 1;
            } else {
                let mut c = chows;
                c.sort_unstable();
                four_chows(c, t);
            }
        }
        3 => {
            let mut c = [chows[0], chows[1], chows[2]];
            c.sort_unstable();
            three_chows(c, t);
        }
        2 => {
            if let Some(f) = two_chows_fan(chows[0], chows[1]) {
                t[f as usize] += 1;
            }
            if let Some(f) = two_pungs_fan(pungs[0].tile, pungs[1].tile) {
                t[f as usize] += 1;
            }
        }
        1 => {
            let mut p = [pungs[0].tile, pungs[1].tile, pungs[2].tile];
            p.sort_unstable();
            three_pungs(p, t);
        }
        _ => {
            let mut p = [pungs[0].tile, pungs[1].tile, pungs[2].tile, pungs[3].tile];
            p.sort_unstable();
            four_pungs(p, t);
        }
    }

    // 不求人 / 门前清 / 全求人 / 自摸 by how many groups were declared from discards.
    let melded = ctx.fixed_packs[..ctx.fixed_cnt]
        .iter()
        .filter(|p| p.melded)
        .count();
    match melded {
        0 => {
            t[if ctx.tsumo {
                Fan::BuQiuRen
            } else {
                Fan::MenQianQing
            } as usize] = 1;
        }
        4 => {
            t[if ctx.tsumo {
                Fan::ZiMo
            } else {
                Fan::QuanQiuRen
            } as usize] = 1
        }
        _ => {
            if ctx.tsumo {
                t[Fan::ZiMo as usize] = 1;
            }
        }
    }

    // The pair: 平和, 小三元, 小四喜.
    if nc == 4 {
        if is_num(pair) {
            t[Fan::PingHe as usize] = 1;
        }
    } else if t[Fan::ShuangJianKe as usize] != 0 {
        if is_dragon(pair) {
            t[Fan::XiaoSanYuan as usize] = 1;
            t[Fan::ShuangJianKe as usize] = 0;
        }
    } else if t[Fan::SanFengKe as usize] != 0 && is_wind(pair) {
        t[Fan::XiaoSiXi as usize] = 1;
        t[Fan::SanFengKe as usize] = 0;
    }

    group_traits(packs, t);
    suit_fans(kinds_in_hand, t);
    tile_traits(kinds_in_hand, t);
    rank_range(kinds_in_hand, t);
    if t[Fan::YiSeSiTongShun as usize] == 0 {
        tile_hog(ctx, melded_kongs + concealed_kongs, t);
    }
    wait_fans(&packs[ctx.fixed_cnt..], win, unique_waiting, t);
    exclusions(t);
    if t[Fan::DaSiXi as usize] == 0 {
        for p in &pungs[..np] {
            if is_wind(p.tile) {
                wind_pung(ctx, p.tile, t);
            }
        }
    }
    if t.iter().all(|&c| c == 0) {
        t[Fan::WuFanHe as usize] = 1;
    }
    table
}

pub(crate) fn three_suited_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    if !is_num(pair) || rank(pair) != 5 {
        return false;
    }
    let ps = suit(pair);
    let (mut low, mut high) = ([0u8; 3], [0u8; 3]);
    for &c in chows {
        if suit(c) == ps {
            return false;
        }
        match rank(c) {
            2 => low[suit(c) as usize] += 1,
            8 => high[suit(c) as usize] += 1,
            _ => return false,
        }
    }
    (0..3)
        .filter(|&s| s != ps as usize)
        .all(|s| low[s] != 0 && high[s] != 0)
}

pub(crate) fn pure_terminal_chows(chows: &[u8; 4], pair: u8) -> bool {
    if !is_num(pair) || rank(pair) != 5 {
        return false;
    }
    let (mut low, mut high) = (0, 0);
    for &c in chows {
        if suit(c) != suit(pair) {
            return false;
        }
        match rank(c) {
            2 => low += 1,
            8 => high += 1,
            _ => return false,
        }
    }
    low == 2 && high == 2
}
