#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Bad or odd input never panics: random walls cut into hands (mostly not wins), and fixture
//! wins under random flags, winds, indicators, counters and switches. Every call must answer
//! `Ok` or a `ScoreError`, and an `Ok` must be self-consistent.

use mj_score::riichi::{Points, Renhou, RiichiRules, Score, Situation, Win, score};
use mj_tiles::{Meld, MeldKind, Piece, Tile};

/// xorshift64*: a fixed-seed generator, enough for input shapes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn bit(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

fn tile(i: u64) -> Tile {
    Tile::new((i % 34) as u8).unwrap()
}

fn randomize(win: &mut Win, sit: &mut Situation, rng: &mut Rng) -> RiichiRules {
    let f = &mut sit.flags;
    f.riichi = rng.below(3) == 0;
    f.double_riichi = rng.below(8) == 0;
    f.ippatsu = rng.below(8) == 0;
    f.haitei = rng.below(10) == 0;
    f.houtei = rng.below(10) == 0;
    f.rinshan = rng.below(10) == 0;
    f.chankan = rng.below(10) == 0;
    f.tenhou = rng.below(12) == 0;
    f.chiihou = rng.below(12) == 0;
    f.renhou = rng.below(12) == 0;
    win.tsumo = rng.bit();
    let honors = if rng.below(10) == 0 { 7 } else { 4 };
    win.seat_wind = tile(27 + rng.below(honors));
    win.round_wind = tile(27 + rng.below(4));
    sit.dora = (0..rng.below(7)).map(|_| tile(rng.next())).collect();
    sit.ura = (0..rng.below(7)).map(|_| tile(rng.next())).collect();
    sit.honba = if rng.below(20) == 0 {
        u32::MAX
    } else {
        rng.below(10) as u32
    };
    sit.riichi_sticks = rng.below(5) as u32;
    let mut rules = if rng.bit() {
        RiichiRules::THREE_PLAYER
    } else {
        RiichiRules::FOUR_PLAYER
    };
    rules.kuitan = rng.bit();
    rules.aka = rng.bit();
    rules.double_yakuman = rng.bit();
    rules.kazoe_yakuman = rng.bit();
    rules.kiriage = rng.bit();
    rules.renhou = [Renhou::None, Renhou::Mangan, Renhou::Yakuman][rng.below(3) as usize];
    rules.tsumo_loss = rng.bit();
    sit.kita = rng.below(6) as u8;
    rules
}

fn check(win: &Win, sit: &Situation, rules: &RiichiRules) {
    if let Ok(s) = score(win, sit, rules) {
        consistent(&s, win);
    }
}

fn consistent(s: &Score, win: &Win) {
    let han: u32 = s.yaku.iter().map(|e| u32::from(e.han)).sum();
    let yakuman: u32 = s.yaku.iter().map(|e| u32::from(e.yakuman)).sum();
    assert_eq!((han, yakuman), (s.han, s.yakuman), "{s:?}");
    assert!(s.yakuman > 0 || s.han > 0, "{s:?}");
    match s.points {
        Points::Ron { .. } => assert!(!win.tsumo),
        Points::Tsumo { dealer, .. } => assert!(win.tsumo && dealer.is_none() == win.is_dealer()),
    }
}

#[test]
fn random_walls_never_panic() {
    let mut rng = Rng(0x005E_ED0F_41CE);
    let mut wins = 0;
    for _ in 0..20_000 {
        let mut wall: Vec<Piece> = (0..136u64)
            .map(|i| {
                let t = tile(i / 4);
                if i % 4 == 0 && !t.is_honor() && t.rank() == 5 {
                    Piece::red_five(t.suit()).unwrap()
                } else {
                    Piece::new(t)
                }
            })
            .collect();
        for i in (1..wall.len()).rev() {
            wall.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let n_melds = rng.below(5) as usize;
        let mut melds = Vec::new();
        let mut rest = wall.as_slice();
        for _ in 0..n_melds {
            let kind = MeldKind::ALL[rng.below(5) as usize];
            // A triplet or sequence around a random tile, when the wall's head allows one.
            let t = rest[0].tile();
            let pieces: Vec<Piece> = match kind {
                MeldKind::Chi if !t.is_honor() && t.rank() <= 7 => (0..3)
                    .map(|d| Piece::new(tile(t.index() as u64 + d)))
                    .collect(),
                MeldKind::Chi => continue,
                k => vec![Piece::new(t); k.tile_count()],
            };
            let called = (kind != MeldKind::Ankan).then_some(pieces[0]);
            let from = (kind != MeldKind::Ankan).then_some(1);
            if let Ok(m) = Meld::new(kind, &pieces, called, from) {
                melds.push(m);
            }
            rest = &rest[1..];
        }
        let size = if rng.below(10) == 0 {
            rng.below(15) as usize
        } else {
            14usize.saturating_sub(3 * melds.len())
        };
        let hand = &rest[..size.min(rest.len())];
        let win_tile = if hand.is_empty() || rng.below(20) == 0 {
            tile(rng.next())
        } else {
            hand[rng.below(hand.len() as u64) as usize].tile()
        };
        let Ok(mut win) = Win::from_pieces(hand, &melds, win_tile) else {
            continue;
        };
        let mut sit = Situation::default();
        let rules = randomize(&mut win, &mut sit, &mut rng);
        if score(&win, &sit, &rules).is_ok() {
            wins += 1;
        }
        check(&win, &sit, &rules);
    }
    assert!(wins > 0 || cfg!(miri));
}

#[test]
fn fixture_wins_under_random_situations_never_panic() {
    let text = include_str!("../../testdata/riichi_oracle.jsonl");
    let mut rng = Rng(0x000F_1A65);
    for line in text.lines().skip(1).step_by(3) {
        let rec: serde_json::Value = serde_json::from_str(line).unwrap();
        let req = &rec["request"];
        // The fixture's hand, melds and winning tile; the situation is drawn at random.
        let (mut win, _, _) = mj_testkit::riichi_request(req).unwrap();
        let mut sit = Situation::default();
        let rules = randomize(&mut win, &mut sit, &mut rng);
        check(&win, &sit, &rules);
        // The same win after its concealed tiles changed under the cached hand.
        win.concealed.remove(win.win_tile);
        check(&win, &sit, &rules);
    }
}
