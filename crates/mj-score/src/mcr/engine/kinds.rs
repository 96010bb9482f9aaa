//! The engine's tile numbering (see [`super`]): kind predicates, kind masks and the six
//! knitted straights. A leaf: it uses nothing else of the engine.

pub(crate) const RED: u8 = 31;
pub(crate) const GREEN: u8 = 32;
pub(crate) const WHITE: u8 = 33;
pub(crate) const EAST: u8 = 27;

pub(crate) const fn is_num(t: u8) -> bool {
    t < 27
}
pub(crate) const fn suit(t: u8) -> u8 {
    t / 9
}
pub(crate) const fn rank(t: u8) -> u8 {
    t % 9 + 1
}
pub(crate) const fn is_wind(t: u8) -> bool {
    t >= 27 && t <= 30
}
pub(crate) const fn is_dragon(t: u8) -> bool {
    t >= 31
}
pub(crate) const fn is_terminal(t: u8) -> bool {
    is_num(t) && (rank(t) == 1 || rank(t) == 9)
}

macro_rules! mask_of {
    ($pred:ident) => {{
        let mut m = 0u64;
        let mut t = 0u8;
        while t < 34 {
            if $pred(t) {
                m |= 1 << t;
            }
            t += 1;
        }
        m
    }};
}

pub(crate) const fn reversible(t: u8) -> bool {
    match suit(t) {
        2 => matches!(rank(t), 1 | 2 | 3 | 4 | 5 | 8 | 9),
        1 => matches!(rank(t), 2 | 4 | 5 | 6 | 8 | 9),
        3 => t == WHITE,
        _ => false,
    }
}
pub(crate) const fn green(t: u8) -> bool {
    (suit(t) == 1 && matches!(rank(t), 2 | 3 | 4 | 6 | 8)) || t == GREEN
}

pub(crate) const ALL_MASK: u64 = (1 << 34) - 1;
pub(crate) const NUM_MASK: u64 = (1 << 27) - 1;
pub(crate) const HONOR_MASK: u64 = ALL_MASK & !NUM_MASK;
pub(crate) const WIND_MASK: u64 = 0b1111 << 27;
pub(crate) const DRAGON_MASK: u64 = 0b111 << 31;
pub(crate) const TERMINAL_MASK: u64 = mask_of!(is_terminal);
pub(crate) const ORPHAN_MASK: u64 = TERMINAL_MASK | HONOR_MASK;
pub(crate) const REVERSIBLE_MASK: u64 = mask_of!(reversible);
pub(crate) const GREEN_MASK: u64 = mask_of!(green);
pub(crate) const SUIT_MASKS: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, HONOR_MASK];

/// The six knitted straights (组合龙): 147, 258, 369 in three different suits.
pub(crate) const KNITTED: [[u8; 9]; 6] = {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [[0u8; 9]; 6];
    let mut p = 0;
    while p < 6 {
        let mut k = 0;
        while k < 3 {
            let base = PERMS[p][k] * 9 + k as u8;
            out[p][k * 3] = base;
            out[p][k * 3 + 1] = base + 3;
            out[p][k * 3 + 2] = base + 6;
            k += 1;
        }
        p += 1;
    }
    out
};

/// A tile code with gaps between the suits, so that `+ 1` / `+ 3` never cross a suit.
pub(crate) const fn spaced(t: u8) -> u8 {
    suit(t) * 16 + rank(t)
}
