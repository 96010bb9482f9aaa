//! Fans of the sets among themselves: chows and pungs in twos, threes and fours (一般高, 三色三步高,
//! 四同顺, ...), kongs and concealed pungs, and the wait fans of the set the winning tile completes.

use super::context::{EngineGroup, FanTable};
use super::kinds::{EAST, GREEN, RED, WHITE, is_dragon, is_num, is_wind, rank, spaced, suit};
use crate::mcr::table::Fan;
use mj_tiles::GroupKind;

/// 边张, 嵌张 or 单钓将 from where the winning tile sits in the concealed groups (only one
/// counts: edge, else closed, else single).
pub(crate) fn wait_fans(
    packs: &[EngineGroup],
    win: u8,
    unique_wait: impl FnOnce() -> bool,
    table: &mut FanTable,
) {
    if table[Fan::QuanQiuRen as usize] != 0 || table[Fan::SiGang as usize] != 0 {
        return;
    }
    let (mut edge, mut closed, mut single) = (false, false, false);
    for p in packs {
        match p.kind {
            GroupKind::Sequence if p.tile == win => closed = true,
            GroupKind::Sequence if p.tile + 1 == win || p.tile == win + 1 => edge = true,
            GroupKind::Pair if p.tile == win => single = true,
            _ => {}
        }
    }
    if !(edge || closed || single) || !unique_wait() {
        return;
    }
    if edge {
        table[Fan::BianZhang as usize] = 1;
    } else if closed {
        table[Fan::KanZhang as usize] = 1;
    } else if single {
        table[Fan::DanDiaoJiang as usize] = 1;
    }
}

// ---------------------------------------------------------------- groups of sets

pub(crate) fn is_mixed(a: u8, b: u8, c: u8) -> bool {
    a != b && a != c && b != c
}

pub(crate) fn shifted_1_unordered(a: u8, b: u8, c: u8) -> bool {
    let mut r = [a, b, c];
    r.sort_unstable();
    r[0] + 1 == r[1] && r[1] + 1 == r[2]
}

pub(crate) fn four_chows_fan(t: [u8; 4]) -> Option<Fan> {
    let t = t.map(spaced);
    let step = |d: u8| t[0] + d == t[1] && t[1] + d == t[2] && t[2] + d == t[3];
    if step(2) || step(1) {
        return Some(Fan::YiSeSiBuGao);
    }
    if step(0) {
        return Some(Fan::YiSeSiTongShun);
    }
    None
}

pub(crate) fn three_chows_fan(t0: u8, t1: u8, t2: u8) -> Option<Fan> {
    let (r0, r1, r2) = (rank(t0), rank(t1), rank(t2));
    if is_mixed(suit(t0), suit(t1), suit(t2)) {
        if shifted_1_unordered(r0, r1, r2) {
            return Some(Fan::SanSeSanBuGao);
        }
        if r0 == r1 && r1 == r2 {
            return Some(Fan::SanSeSanTongShun);
        }
        let mut r = [r0, r1, r2];
        r.sort_unstable();
        if r == [2, 5, 8] {
            return Some(Fan::HuaLong);
        }
    } else {
        let (t0, t1, t2) = (spaced(t0), spaced(t1), spaced(t2));
        if t0 + 3 == t1 && t1 + 3 == t2 {
            return Some(Fan::QingLong);
        }
        if (t0 + 2 == t1 && t1 + 2 == t2) || (t0 + 1 == t1 && t1 + 1 == t2) {
            return Some(Fan::YiSeSanBuGao);
        }
        if t0 == t1 && t0 == t2 {
            return Some(Fan::YiSeSanTongShun);
        }
    }
    None
}

pub(crate) fn two_chows_fan(t0: u8, t1: u8) -> Option<Fan> {
    if suit(t0) != suit(t1) {
        if rank(t0) == rank(t1) {
            return Some(Fan::XiXiangFeng);
        }
    } else {
        if t0 + 3 == t1 || t1 + 3 == t0 {
            return Some(Fan::LianLiu);
        }
        let (r0, r1) = (rank(t0), rank(t1));
        if (r0 == 2 && r1 == 8) || (r0 == 8 && r1 == 2) {
            return Some(Fan::LaoShaoFu);
        }
        if t0 == t1 {
            return Some(Fan::YiBanGao);
        }
    }
    None
}

pub(crate) fn four_pungs_fan(t: [u8; 4]) -> Option<Fan> {
    let s = t.map(spaced);
    if is_num(t[0]) && s[0] + 1 == s[1] && s[1] + 1 == s[2] && s[2] + 1 == s[3] {
        return Some(Fan::YiSeSiJieGao);
    }
    if t == [EAST, EAST + 1, EAST + 2, EAST + 3] {
        return Some(Fan::DaSiXi);
    }
    None
}

pub(crate) fn three_pungs_fan(t0: u8, t1: u8, t2: u8) -> Option<Fan> {
    if is_num(t0) && is_num(t1) && is_num(t2) {
        let (r0, r1, r2) = (rank(t0), rank(t1), rank(t2));
        if is_mixed(suit(t0), suit(t1), suit(t2)) {
            if shifted_1_unordered(r0, r1, r2) {
                return Some(Fan::SanSeSanJieGao);
            }
            if r0 == r1 && r1 == r2 {
                return Some(Fan::SanTongKe);
            }
        } else if spaced(t0) + 1 == spaced(t1) && spaced(t1) + 1 == spaced(t2) {
            return Some(Fan::YiSeSanJieGao);
        }
    } else {
        if is_wind(t0) && is_wind(t1) && is_wind(t2) {
            return Some(Fan::SanFengKe);
        }
        if t0 == RED && t1 == GREEN && t2 == WHITE {
            return Some(Fan::DaSanYuan);
        }
    }
    None
}

pub(crate) fn two_pungs_fan(t0: u8, t1: u8) -> Option<Fan> {
    if is_num(t0) && is_num(t1) {
        if rank(t0) == rank(t1) {
            return Some(Fan::ShuangTongKe);
        }
    } else if is_dragon(t0) && is_dragon(t1) {
        return Some(Fan::ShuangJianKe);
    }
    None
}

/// With three chows already combined, the fourth counts at most once with them (套算一次):
/// 一般高, else 喜相逢, else 连六, else 老少副.
pub(crate) fn extra_chow_fan(t: [u8; 3], extra: u8) -> Option<Fan> {
    let fans = [
        two_chows_fan(t[0], extra),
        two_chows_fan(t[1], extra),
        two_chows_fan(t[2], extra),
    ];
    [
        Fan::YiBanGao,
        Fan::XiXiangFeng,
        Fan::LianLiu,
        Fan::LaoShaoFu,
    ]
    .into_iter()
    .find(|f| fans.contains(&Some(*f)))
}

/// 不重复 / 套算一次 for the two-chow fans: at most `max` of them, dropping repeats first
/// (老少副, 连六, 喜相逢, 一般高 in that order) and then the rest in the same order.
pub(crate) fn limit_pair_fans(found: &[Option<Fan>], max: i32, table: &mut FanTable) {
    const ORDER: [Fan; 4] = [
        Fan::YiBanGao,
        Fan::XiXiangFeng,
        Fan::LianLiu,
        Fan::LaoShaoFu,
    ];
    let mut n = [0i8; 4];
    let mut cnt = 0;
    for f in found.iter().flatten() {
        if let Some(k) = ORDER.iter().position(|o| o == f) {
            n[k] += 1;
            cnt += 1;
        }
    }
    let mut limit = 1;
    while cnt > max && limit >= 0 {
        let mut k = 4;
        while cnt > max && k > 0 {
            k -= 1;
            while n[k] > limit && cnt > max {
                n[k] -= 1;
                cnt -= 1;
            }
        }
        limit -= 1;
    }
    for (k, f) in ORDER.iter().enumerate() {
        table[*f as usize] = n[k];
    }
}

/// The four ways to take three of four sets, with the one left out.
pub(crate) const THREE_OF_FOUR: [([usize; 3], usize); 4] = [
    ([0, 1, 2], 3),
    ([0, 1, 3], 2),
    ([0, 2, 3], 1),
    ([1, 2, 3], 0),
];

pub(crate) fn four_chows(t: [u8; 4], table: &mut FanTable) {
    if let Some(f) = four_chows_fan(t) {
        table[f as usize] = 1;
        return;
    }
    for (three, extra) in THREE_OF_FOUR {
        if let Some(f) = three_chows_fan(t[three[0]], t[three[1]], t[three[2]]) {
            table[f as usize] = 1;
            if let Some(e) = extra_chow_fan([t[three[0]], t[three[1]], t[three[2]]], t[extra]) {
                table[e as usize] = 1;
            }
            return;
        }
    }
    let pairs = [
        two_chows_fan(t[0], t[1]),
        two_chows_fan(t[0], t[2]),
        two_chows_fan(t[0], t[3]),
        two_chows_fan(t[1], t[2]),
        two_chows_fan(t[1], t[3]),
        two_chows_fan(t[2], t[3]),
    ];
    // A chow related to no other lowers the cap of three (each chow combines once).
    let mut max = 3;
    for lone in [[0, 1, 2], [0, 3, 4], [1, 3, 5], [2, 4, 5]] {
        if lone.iter().all(|&k| pairs[k].is_none()) {
            max -= 1;
        }
    }
    if max > 0 {
        limit_pair_fans(&pairs, max, table);
    }
}

pub(crate) fn three_chows(t: [u8; 3], table: &mut FanTable) {
    if let Some(f) = three_chows_fan(t[0], t[1], t[2]) {
        table[f as usize] = 1;
        return;
    }
    let pairs = [
        two_chows_fan(t[0], t[1]),
        two_chows_fan(t[0], t[2]),
        two_chows_fan(t[1], t[2]),
    ];
    limit_pair_fans(&pairs, 2, table);
}

pub(crate) fn four_pungs(t: [u8; 4], table: &mut FanTable) {
    if let Some(f) = four_pungs_fan(t) {
        table[f as usize] = 1;
        return;
    }
    for (three, free) in THREE_OF_FOUR {
        if let Some(f) = three_pungs_fan(t[three[0]], t[three[1]], t[three[2]]) {
            table[f as usize] = 1;
            // The fourth pung combines once with the others.
            for i in (0..4).filter(|&i| i != free) {
                if let Some(f) = two_pungs_fan(t[i], t[free]) {
                    table[f as usize] += 1;
                    break;
                }
            }
            return;
        }
    }
    for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
        if let Some(f) = two_pungs_fan(t[a], t[b]) {
            table[f as usize] += 1;
        }
    }
}

pub(crate) fn three_pungs(t: [u8; 3], table: &mut FanTable) {
    if let Some(f) = three_pungs_fan(t[0], t[1], t[2]) {
        table[f as usize] = 1;
        return;
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        if let Some(f) = two_pungs_fan(t[a], t[b]) {
            table[f as usize] += 1;
        }
    }
}

/// 双暗刻 / 三暗刻 / 四暗刻, 明杠 / 暗杠 / 双明杠 / 双暗杠 / 三杠 / 四杠 from the numbers of
/// concealed pungs, exposed kongs and concealed kongs.
pub(crate) fn kongs_and_concealed(
    concealed_pungs: i32,
    melded_kongs: i32,
    concealed_kongs: i32,
    t: &mut FanTable,
) {
    use Fan::*;
    // Concealed pungs and kongs together (a concealed kong is also a concealed pung).
    let concealed = concealed_pungs + concealed_kongs;
    let pungs_fan = |n: i32| match n {
        2 => Some(ShuangAnKe),
        3 => Some(SanAnKe),
        4 => Some(SiAnKe),
        _ => None,
    };
    match (melded_kongs, concealed_kongs) {
        (0, 0) => {}
        (1, 0) => t[MingGang as usize] = 1,
        (0, 1) => t[AnGang as usize] = 1,
        (2, 0) => t[ShuangMingGang as usize] = 1,
        // The official rules: 明杠 and 暗杠 (the reference's optional 明暗杠 is not a fan).
        (1, 1) => {
            t[MingGang as usize] = 1;
            t[AnGang as usize] = 1;
        }
        (0, 2) => t[ShuangAnGang as usize] = 1,
        (m, c) if m + c == 3 => t[SanGang as usize] = 1,
        _ => t[SiGang as usize] = 1,
    }
    // 双暗杠 already holds its two concealed pungs.
    let two_concealed_kongs_only =
        melded_kongs == 0 && concealed_kongs == 2 && concealed_pungs == 0;
    if let Some(f) = pungs_fan(concealed).filter(|_| !two_concealed_kongs_only) {
        t[f as usize] = 1;
    }
}
