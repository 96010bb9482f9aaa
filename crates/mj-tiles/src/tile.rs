//! The 34 tile kinds and their suits.

use core::fmt;

/// The four suits. Honors (字牌) are a suit of seven ranks: 1-4 the winds (East, South, West,
/// North), 5-7 the dragons (White 白, Green 發, Red 中).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Characters, 万 / 萬子, `m`.
    Man = 0,
    /// Dots, 筒 / 筒子, `p`.
    Pin = 1,
    /// Bamboo, 条 / 索子, `s`.
    Sou = 2,
    /// Honors, 字牌, `z`.
    Honor = 3,
}

impl Suit {
    /// The four suits in kind order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The suit's letter in mpsz notation.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of an mpsz letter.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// How many ranks the suit has: 9, or 7 for honors.
    pub const fn ranks(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// `true` for the three numbered suits.
    pub const fn is_numbered(self) -> bool {
        !matches!(self, Suit::Honor)
    }

    /// The suit's position, 0..4, in kind order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind index of rank 1 of this suit.
    pub const fn first_kind(self) -> u8 {
        self as u8 * 9
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 34 tile kinds, by kind index: 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 = 1-7z.
///
/// ```
/// use mj_tiles::{Suit, Tile};
/// let t: Tile = "5p".parse().unwrap();
/// assert_eq!((t.suit(), t.rank(), t.index()), (Suit::Pin, 5, 13));
/// assert_eq!(Tile::RED.to_string(), "7z");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// How many kinds there are.
    pub const COUNT: usize = 34;

    /// East wind, `1z`.
    pub const EAST: Tile = Tile(27);
    /// South wind, `2z`.
    pub const SOUTH: Tile = Tile(28);
    /// West wind, `3z`.
    pub const WEST: Tile = Tile(29);
    /// North wind, `4z`.
    pub const NORTH: Tile = Tile(30);
    /// White dragon 白, `5z`.
    pub const WHITE: Tile = Tile(31);
    /// Green dragon 發, `6z`.
    pub const GREEN: Tile = Tile(32);
    /// Red dragon 中, `7z`.
    pub const RED: Tile = Tile(33);

    /// Every kind, in kind order.
    pub const ALL: [Tile; 34] = {
        let mut all = [Tile(0); 34];
        let mut i = 0;
        while i < 34 {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// The 13 terminal and honor kinds (幺九牌), in kind order: the thirteen orphans.
    pub const ORPHANS: [Tile; 13] = [
        Tile(0),
        Tile(8),
        Tile(9),
        Tile(17),
        Tile(18),
        Tile(26),
        Tile(27),
        Tile(28),
        Tile(29),
        Tile(30),
        Tile(31),
        Tile(32),
        Tile(33),
    ];

    /// The tile of a kind index, if it is below 34.
    pub const fn new(index: u8) -> Option<Tile> {
        if index < 34 { Some(Tile(index)) } else { None }
    }

    /// The tile of a suit and a 1-based rank, if the rank exists in that suit.
    pub const fn from_suit_rank(suit: Suit, rank: u8) -> Option<Tile> {
        if rank >= 1 && rank <= suit.ranks() {
            Some(Tile(suit.first_kind() + rank - 1))
        } else {
            None
        }
    }

    /// The kind index, 0..34.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind index as a byte.
    pub const fn as_u8(self) -> u8 {
        self.0
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The 1-based rank within the suit (1-9, honors 1-7).
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// `true` for winds and dragons (字牌).
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// `true` for the four winds (风牌).
    pub const fn is_wind(self) -> bool {
        self.0 >= 27 && self.0 <= 30
    }

    /// `true` for the three dragons (箭牌 / 三元牌).
    pub const fn is_dragon(self) -> bool {
        self.0 >= 31
    }

    /// `true` for 1s and 9s of the numbered suits (老头牌). Honors are not terminals.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.rank() == 1 || self.rank() == 9)
    }

    /// `true` for terminals and honors (幺九牌, yaochuuhai).
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// `true` for 2-8 of the numbered suits (中张牌, simples).
    pub const fn is_simple(self) -> bool {
        !self.is_terminal_or_honor()
    }

    /// The dora that this tile indicates (riichi): the next rank in a numbered suit (9 -> 1),
    /// East -> South -> West -> North -> East, White -> Green -> Red -> White.
    ///
    /// ```
    /// use mj_tiles::Tile;
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// assert_eq!(t("9m").dora_successor(), t("1m"));
    /// assert_eq!(t("4z").dora_successor(), t("1z"));
    /// assert_eq!(t("7z").dora_successor(), t("5z"));
    /// ```
    pub const fn dora_successor(self) -> Tile {
        let rank = self.rank();
        let first = self.suit().first_kind();
        let next = if self.is_wind() {
            first + rank % 4
        } else if self.is_dragon() {
            first + 4 + (rank - 4) % 3
        } else {
            first + rank % 9
        };
        Tile(next)
    }

    /// The tile's glyph in the Unicode Mahjong Tiles block (U+1F000..U+1F021).
    pub const fn glyph(self) -> char {
        let code = match self.suit() {
            Suit::Man => 0x1F007 + self.rank() as u32 - 1,
            Suit::Sou => 0x1F010 + self.rank() as u32 - 1,
            Suit::Pin => 0x1F019 + self.rank() as u32 - 1,
            Suit::Honor => match self.rank() {
                1 => 0x1F000,
                2 => 0x1F001,
                3 => 0x1F002,
                4 => 0x1F003,
                5 => 0x1F006,
                6 => 0x1F005,
                _ => 0x1F004,
            },
        };
        match char::from_u32(code) {
            Some(c) => c,
            None => '?',
        }
    }

    /// The tile's Chinese name for display: `一万` .. `九万`, `一筒`, `一条`, `东 南 西 北 白 发 中`.
    pub const fn chinese_name(self) -> &'static str {
        const NAMES: [&str; 34] = [
            "一万", "二万", "三万", "四万", "五万", "六万", "七万", "八万", "九万", "一筒", "二筒",
            "三筒", "四筒", "五筒", "六筒", "七筒", "八筒", "九筒", "一条", "二条", "三条", "四条",
            "五条", "六条", "七条", "八条", "九条", "东", "南", "西", "北", "白", "发", "中",
        ];
        NAMES[self.0 as usize]
    }

    /// The next rank of the same numbered suit, if any (no wrap-around; honors have none).
    pub const fn next_in_suit(self) -> Option<Tile> {
        if self.is_honor() || self.rank() == 9 {
            None
        } else {
            Some(Tile(self.0 + 1))
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_suit_and_rank() {
        for t in Tile::ALL {
            assert_eq!(Tile::from_suit_rank(t.suit(), t.rank()), Some(t), "{t}");
        }
        assert_eq!(Tile::new(34), None);
        assert_eq!(Tile::from_suit_rank(Suit::Honor, 8), None);
        assert_eq!(Tile::from_suit_rank(Suit::Man, 0), None);
    }

    #[test]
    fn predicates_partition_the_kinds() {
        let simples = Tile::ALL.iter().filter(|t| t.is_simple()).count();
        let terminals = Tile::ALL.iter().filter(|t| t.is_terminal()).count();
        let honors = Tile::ALL.iter().filter(|t| t.is_honor()).count();
        assert_eq!((simples, terminals, honors), (21, 6, 7));
        assert!(Tile::ORPHANS.iter().all(|t| t.is_terminal_or_honor()));
        assert_eq!(Tile::ALL.iter().filter(|t| t.is_wind()).count(), 4);
        assert_eq!(Tile::ALL.iter().filter(|t| t.is_dragon()).count(), 3);
    }

    #[test]
    fn dora_successor_cycles_within_groups() {
        for t in Tile::ALL {
            let cycle = if t.is_wind() {
                4
            } else if t.is_dragon() {
                3
            } else {
                9
            };
            let mut u = t;
            for _ in 0..cycle {
                u = u.dora_successor();
                assert_eq!(u.suit(), t.suit());
            }
            assert_eq!(u, t, "the successor of {t} must cycle in {cycle}");
        }
    }

    #[test]
    fn glyphs_are_distinct_and_in_block() {
        let mut seen: Vec<char> = Tile::ALL.iter().map(|t| t.glyph()).collect();
        assert!(
            seen.iter()
                .all(|&c| ('\u{1F000}'..='\u{1F021}').contains(&c))
        );
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 34);
        assert_eq!(Tile::RED.glyph(), '\u{1F004}');
        assert_eq!(Tile::WHITE.chinese_name(), "白");
    }
}
