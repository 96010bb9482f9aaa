//! The Rust calls the C ABI wraps, timed on the corpora the C bench wrote
//! (`examples/c/bench.c`), the same way (median of 7 runs of the thread's CPU time per call):
//! the baseline of "the typed win check within 2x of the Rust call".
//!
//! ```sh
//! cargo run --release -p mj-ffi --example bench_rust -- /tmp/mj-hands.bin
//! ```

// The thread's CPU clock is read through libc's clock_gettime, as the C bench reads it.
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use mj_ai::ShapeRules;
use mj_hu::{Checker, Declared, Rules};
use mj_tiles::{EigenHand, TileCounts};

const N: usize = 1024;
const RUNS: usize = 7;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

unsafe extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// CLOCK_THREAD_CPUTIME_ID on Linux.
const THREAD_CPU: i32 = 3;

fn cpu_ns() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid clock id and a valid out-pointer.
    unsafe { clock_gettime(THREAD_CPU, &mut t) };
    t.sec as f64 * 1e9 + t.nsec as f64
}

fn time(name: &str, reps: usize, mut body: impl FnMut(usize) -> u64) {
    let mut sink = 0u64;
    let mut t = [0f64; RUNS];
    for run in t.iter_mut() {
        let start = cpu_ns();
        for _ in 0..reps {
            for i in 0..N {
                sink = sink.wrapping_add(body(i));
            }
        }
        *run = (cpu_ns() - start) / (reps * N) as f64;
    }
    t.sort_by(f64::total_cmp);
    black_box(sink);
    println!("{name:<34} {:>10.1} ns", t[RUNS / 2]);
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: bench_rust CORPUS (written by examples/c/bench.c)");
    let bytes = std::fs::read(&path).unwrap();
    // The corpora in the C bench's order: wins, wall, wild, ready, wall13; 35 bytes a hand.
    let hands: Vec<Vec<([u8; 34], u8)>> = bytes
        .chunks_exact(35 * N)
        .map(|c| {
            c.chunks_exact(35)
                .map(|h| (h[..34].try_into().unwrap(), h[34]))
                .collect()
        })
        .collect();
    let [wins, wall, wild, ready, wall13] = [0, 1, 2, 3, 4].map(|k| &hands[k]);
    let riichi = Checker::new(Rules::RIICHI).unwrap();
    let generic = Checker::new(Rules::GENERIC).unwrap();
    let eigens = |hs: &[([u8; 34], u8)]| -> Vec<EigenHand> {
        hs.iter()
            .map(|(c, w)| EigenHand::new(TileCounts::new(*c).unwrap().eigens(), *w))
            .collect()
    };
    let counts = |hs: &[([u8; 34], u8)]| -> Vec<TileCounts> {
        hs.iter()
            .map(|(c, _)| TileCounts::new(*c).unwrap())
            .collect()
    };
    let (ew, el, ex) = (eigens(wins), eigens(wall), eigens(wild));
    time("rust is_winning_eigen wins", 200, |i| {
        u64::from(
            riichi
                .is_winning_eigen(black_box(&ew[i]), Declared::default())
                .unwrap(),
        )
    });
    time("rust is_winning_eigen wall", 200, |i| {
        u64::from(
            riichi
                .is_winning_eigen(black_box(&el[i]), Declared::default())
                .unwrap(),
        )
    });
    time("rust is_winning_eigen wild (1-4)", 200, |i| {
        u64::from(
            generic
                .is_winning_eigen(black_box(&ex[i]), Declared::default())
                .unwrap(),
        )
    });
    // From the same input as the C call: 34 counts, validated, then the eigens.
    time("rust counts -> is_winning wins", 200, |i| {
        let (c, w) = black_box(&wins[i]);
        let e = EigenHand::new(TileCounts::new(*c).unwrap().eigens(), *w);
        u64::from(riichi.is_winning_eigen(&e, Declared::default()).unwrap())
    });
    time("rust counts -> is_winning wall", 200, |i| {
        let (c, w) = black_box(&wall[i]);
        let e = EigenHand::new(TileCounts::new(*c).unwrap().eigens(), *w);
        u64::from(riichi.is_winning_eigen(&e, Declared::default()).unwrap())
    });
    let (cl, c13) = (counts(wall), counts(wall13));
    time("rust mj_ai::shanten wall (14)", 200, |i| {
        mj_ai::shanten(black_box(&cl[i]), ShapeRules::RIICHI).unwrap() as u64
    });
    time("rust mj_ai::shanten wall13", 200, |i| {
        mj_ai::shanten(black_box(&c13[i]), ShapeRules::RIICHI).unwrap() as u64
    });
    time("rust counts -> shanten wall (14)", 200, |i| {
        let c = TileCounts::new(black_box(wall[i].0)).unwrap();
        mj_ai::shanten(&c, ShapeRules::RIICHI).unwrap() as u64
    });
    let rh: Vec<mj_hu::Hand> = ready
        .iter()
        .map(|(c, _)| {
            mj_hu::Hand::new(TileCounts::new(*c).unwrap(), &[], Default::default()).unwrap()
        })
        .collect();
    time("rust Checker::waits ready (Hand)", 100, |i| {
        riichi.waits(black_box(&rh[i])).unwrap().bits()
    });
}
