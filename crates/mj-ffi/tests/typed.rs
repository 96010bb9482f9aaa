//! The typed calls, through the exported C functions, against the protocol's answers for the
//! same hands (`mj_protocol::answer_line`, what `mj batch` writes) and against mj-hu's slow
//! backtracking reference; their errors against the protocol's kinds and messages; NULL, freed
//! handles and threads.
//!
//! Hands come from mj-hu's seeded sampler (every shape, 0-8 wildcards, 2 to 17 tiles). A hand
//! of counts plus `w` wildcards is the protocol's hand whose wild kinds the counts do not hold,
//! so each sample is asked both ways: its real tiles and wildcard count here, its tiles and
//! wild kinds in a request.

// The tests call the exported functions as a C caller does, through raw pointers.
#![allow(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::ffi::{CStr, CString};
use std::ptr;

use mj_ffi::{
    MjRules, MjStatus, mj_is_ready, mj_is_winning, mj_last_error, mj_rules_free, mj_rules_new,
    mj_shanten, mj_waits,
};
use mj_hu::reference::Reference;
use mj_hu::sample::{Sample, Sampler, Shape};
use mj_tiles::{Tile, TileCounts, TileSet};
use serde_json::Value;

const PRESETS: [&str; 4] = ["generic", "riichi", "sichuan", "mcr"];

struct Rules(*mut MjRules);

impl Rules {
    fn new(preset: &str, switches: &str) -> Result<Rules, (MjStatus, String)> {
        let p = CString::new(preset).unwrap();
        let s = CString::new(switches).unwrap();
        let mut out = ptr::null_mut();
        // SAFETY: valid strings and a valid out-pointer.
        let status = unsafe { mj_rules_new(p.as_ptr(), s.as_ptr(), &mut out) };
        if status == MjStatus::Ok {
            Ok(Rules(out))
        } else {
            Err((status, last_error()))
        }
    }
}

impl Drop for Rules {
    fn drop(&mut self) {
        // SAFETY: a handle from mj_rules_new, freed once.
        unsafe { mj_rules_free(self.0) };
    }
}

// SAFETY (for the tests' threads): a handle is immutable and documented as shareable.
unsafe impl Sync for Rules {}

fn last_error() -> String {
    // SAFETY: mj_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(mj_last_error()) }
        .to_str()
        .unwrap()
        .to_owned()
}

type Answer<T> = Result<T, (MjStatus, String)>;

fn ask<T: Default>(
    f: unsafe extern "C" fn(*const MjRules, *const u8, u32, *mut T) -> MjStatus,
    rules: &Rules,
    counts: &[u8; 34],
    w: u32,
) -> Answer<T> {
    let mut out = T::default();
    // SAFETY: a live handle, 34 counts and a valid out-pointer.
    let status = unsafe { f(rules.0, counts.as_ptr(), w, &mut out) };
    if status == MjStatus::Ok {
        Ok(out)
    } else {
        Err((status, last_error()))
    }
}

/// The protocol's answer to `op` on the sample, as a field or an error (kind, message).
fn protocol(op: &str, sample: &Sample, preset: &str) -> Result<Value, (String, String)> {
    let wild: Vec<String> = sample.wild.iter().map(|t| t.to_string()).collect();
    let line = serde_json::json!({
        "op": op, "hand": sample.concealed.to_string(), "wild": wild, "rules": preset,
    })
    .to_string();
    let answer: Value = serde_json::from_str(&mj_protocol::answer_line(line)).unwrap();
    match answer.get("error") {
        Some(e) => Err((
            e["kind"].as_str().unwrap().to_owned(),
            e["message"].as_str().unwrap().to_owned(),
        )),
        None => Ok(answer[op].clone()),
    }
}

fn same<T>(
    ours: &Answer<T>,
    theirs: &Result<Value, (String, String)>,
    read: fn(&T) -> Value,
) -> bool {
    match (ours, theirs) {
        (Ok(a), Ok(b)) => read(a) == *b,
        // The protocol names the `options` a switch came from; the C ABI has none.
        (Err((MjStatus::UnsupportedRules, _)), Err((kind, _))) => kind == "unsupported_rules",
        (Err((status, message)), Err((kind, theirs))) => status.name() == kind && message == theirs,
        _ => false,
    }
}

/// The sample as counts of real tiles and a wildcard count.
fn split(sample: &Sample) -> ([u8; 34], u32) {
    let mut counts = *sample.concealed.as_array();
    let mut w = 0;
    for t in sample.wild {
        w += u32::from(counts[t.index()]);
        counts[t.index()] = 0;
    }
    (counts, w)
}

fn tiles_of(mask: u64) -> Vec<String> {
    TileSet::from_bits(mask)
        .iter()
        .map(|t| t.to_string())
        .collect()
}

#[test]
fn answers_match_the_protocol_and_the_reference() {
    let mut sampler = Sampler::new(0xFF1);
    let mut reference = Reference::new();
    let mut asked = 0;
    let mut wins = 0;
    let mut waits_seen = 0;
    for preset in PRESETS {
        let rules = Rules::new(preset, "").unwrap();
        let hu_rules = mj_hu::Rules::preset(preset).unwrap();
        for (i, shape) in Shape::ALL.iter().cycle().take(7 * 120).enumerate() {
            let w = [0u8, 0, 1, 2, 3, 4, 8][i % 7];
            let melds_total = [4u8, 4, 4, 1, 2, 3, 5][(i / 7) % 7];
            let sample = sampler.sample(*shape, melds_total, 0, w, i % 2 == 1);
            if !hu_rules.honors && sample.wild.iter().any(Tile::is_honor) {
                // The protocol's wild kinds must exist under the rules; wildcards here have none.
                continue;
            }
            let (counts, w) = split(&sample);
            asked += 1;
            let hu = ask(mj_is_winning, &rules, &counts, w);
            let expected = protocol("hu", &sample, preset);
            assert!(
                same(&hu, &expected, |b| Value::Bool(*b)),
                "{preset} hu {sample:?}: {hu:?} vs {expected:?}"
            );
            if let (Ok(won), Some(hand)) = (&hu, sample.hand()) {
                assert_eq!(
                    Ok(*won),
                    reference.is_winning(&hand, &hu_rules),
                    "{preset} {sample:?}"
                );
                wins += usize::from(*won);
            }
            let ready = ask(mj_is_ready, &rules, &counts, w);
            match (&ready, sample.hand()) {
                (Ok(r), Some(hand)) => {
                    assert_eq!(
                        Ok(*r),
                        reference.is_ready(&hand, &hu_rules),
                        "{preset} {sample:?}"
                    );
                }
                // Ready has waits' preconditions, so the protocol's `waits` error is its error.
                _ => {
                    let expected = protocol("waits", &sample, preset);
                    assert!(
                        same(&ready, &expected, |_| Value::Null),
                        "{preset} ready {sample:?}"
                    );
                }
            }
            let waits = ask(mj_waits, &rules, &counts, w);
            let expected = protocol("waits", &sample, preset);
            match (&waits, &expected) {
                (Ok(mask), Ok(list)) => {
                    // The wild kinds are set apart: there a drawn wildcard, here a real tile.
                    let wild = sample.wild.bits();
                    let theirs: TileSet = list
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_str().unwrap().parse::<Tile>().unwrap())
                        .collect();
                    assert_eq!(
                        tiles_of(mask & !wild),
                        tiles_of(theirs.bits() & !wild),
                        "{preset} waits {sample:?}"
                    );
                    let ready = ready.clone().unwrap();
                    for t in sample.wild {
                        let four = sample.concealed.get(t) == 4;
                        assert_eq!(
                            theirs.contains(t),
                            ready && w < 8 && !four,
                            "{preset} {sample:?}"
                        );
                    }
                    // Each real wait is a draw that wins, and nothing else is.
                    for t in Tile::ALL {
                        let mut more = counts;
                        more[t.index()] += 1;
                        let wins = counts[t.index()] < 4
                            && ask(mj_is_winning, &rules, &more, w) == Ok(true);
                        assert_eq!(mask >> t.index() & 1 == 1, wins, "{preset} {t} {sample:?}");
                    }
                    waits_seen += usize::from(*mask != 0);
                }
                _ => assert!(
                    same(&waits, &expected, |_| Value::Null),
                    "{preset} waits {sample:?}: {waits:?} vs {expected:?}"
                ),
            }
            let shanten = ask(mj_shanten, &rules, &counts, w);
            let expected = protocol("shanten", &sample, preset);
            assert!(
                same(&shanten, &expected, |s| Value::from(*s)),
                "{preset} shanten {sample:?}: {shanten:?} vs {expected:?}"
            );
        }
    }
    assert!(
        asked > 3000 && wins > 300 && waits_seen > 300,
        "{asked} {wins} {waits_seen}"
    );
}

#[test]
fn switches_change_the_rules_as_the_protocol_options_do() {
    let mut sampler = Sampler::new(0xFF2);
    for (preset, switches, options) in [
        (
            "riichi",
            "distinct_pairs=false",
            r#"{"distinct_pairs": false}"#,
        ),
        ("generic", "eyes_258", r#"{"eyes_258": true}"#),
        (
            "generic",
            " honor_sequences = on , seven_pairs=0",
            r#"{"honor_sequences": true, "seven_pairs": false}"#,
        ),
        ("mcr", "knitted=false", r#"{"knitted": false}"#),
        (
            "sichuan",
            "lack_one_suit=off,honors=1",
            r#"{"lack_one_suit": false, "honors": true}"#,
        ),
    ] {
        let rules = Rules::new(preset, switches).unwrap();
        for i in 0..400 {
            let shape = Shape::ALL[i % 7];
            let sample = sampler.sample(shape, 4, 0, 0, i % 2 == 1);
            let (counts, w) = split(&sample);
            for (op, f) in [("hu", 0), ("waits", 1), ("shanten", 2)] {
                let line = format!(
                    r#"{{"op":"{op}","hand":"{}","rules":"{preset}","options":{options}}}"#,
                    sample.concealed
                );
                let answer: Value = serde_json::from_str(&mj_protocol::answer_line(line)).unwrap();
                let theirs = match answer.get("error") {
                    Some(e) => Err((
                        e["kind"].as_str().unwrap().to_owned(),
                        e["message"].as_str().unwrap().to_owned(),
                    )),
                    None => Ok(answer[op].clone()),
                };
                let ok = match f {
                    0 => same(&ask(mj_is_winning, &rules, &counts, w), &theirs, |b| {
                        Value::Bool(*b)
                    }),
                    1 => same(&ask(mj_waits, &rules, &counts, w), &theirs, |m| {
                        Value::from(tiles_of(*m))
                    }),
                    _ => {
                        let ours = ask(mj_shanten, &rules, &counts, w);
                        // The message names where each switch came from only in the protocol.
                        match (&ours, &theirs) {
                            (Err((s, _)), Err((kind, _))) => s.name() == kind,
                            _ => same(&ours, &theirs, |s| Value::from(*s)),
                        }
                    }
                };
                assert!(ok, "{preset} {switches} {op} {}", sample.concealed);
            }
        }
    }
}

#[test]
fn bad_hands_answer_the_protocols_errors() {
    let rules = Rules::new("sichuan", "").unwrap();
    let generic = Rules::new("generic", "").unwrap();
    let counts = |text: &str| *text.parse::<TileCounts>().unwrap().as_array();
    let mut five = counts("123m456p789s1122s");
    five[0] = 5;
    let cases: [(&Rules, [u8; 34], u32, MjStatus, &str); 5] = [
        (
            &generic,
            five,
            0,
            MjStatus::FifthCopy,
            "fifth copy of 1m (concealed tiles and melds together)",
        ),
        (
            &generic,
            counts("123m456p789s11z"),
            9,
            MjStatus::InvalidWild,
            "9 wildcards; at most 8 are supported",
        ),
        (
            &generic,
            counts("123m456p789s11z"),
            300,
            MjStatus::InvalidWild,
            "255 wildcards; at most 8 are supported",
        ),
        (
            &rules,
            counts("123m456p789s1122z"),
            1,
            MjStatus::InvalidHand,
            "1z is not part of",
        ),
        (
            &generic,
            counts("123m456p789s1122z"),
            0,
            MjStatus::HandSize,
            "13 concealed tiles",
        ),
    ];
    for (rules, c, w, status, message) in cases {
        let (got, text) = ask(mj_is_winning, rules, &c, w).unwrap_err();
        assert_eq!(got, status, "{text}");
        assert!(
            text.starts_with(message) || text.contains(message),
            "{text}"
        );
    }
    // Honors under sichuan: the protocol's message, which names the tile.
    let (_, text) = ask(mj_is_winning, &rules, &counts("123m456p789s1122z"), 1).unwrap_err();
    assert_eq!(
        text,
        "1z is not part of this rule set's tiles (switch `honors` is off)"
    );
    // Shanten under rules mj-ai does not model.
    let (status, text) = ask(mj_shanten, &rules, &counts("123m456p789s11s"), 0).unwrap_err();
    assert_eq!(status, MjStatus::UnsupportedRules);
    assert!(text.contains("`lack_one_suit` is true"), "{text}");
}

#[test]
fn rules_new_refuses_what_it_cannot_read() {
    for (preset, switches, status, words) in [
        ("tenhou", "", MjStatus::UnknownRules, "unknown rules"),
        ("sanma", "", MjStatus::UnsupportedRules, "scoring only"),
        (
            "riichi",
            "kuitan",
            MjStatus::InvalidOption,
            "scoring switch",
        ),
        (
            "riichi",
            "seven_pair",
            MjStatus::UnknownOption,
            "unknown switch `seven_pair`",
        ),
        (
            "riichi",
            "seven_pairs=maybe",
            MjStatus::InvalidOption,
            "not true or false",
        ),
        (
            "riichi",
            "seven_pairs,seven_pairs=0",
            MjStatus::InvalidOption,
            "twice",
        ),
    ] {
        let (got, text) = Rules::new(preset, switches).err().unwrap();
        assert_eq!(got, status, "{preset} {switches}: {text}");
        assert!(text.contains(words), "{text}");
    }
    // NULL preset and switches: the generic preset as it is.
    let mut out = ptr::null_mut();
    // SAFETY: NULL strings are allowed; `out` is valid.
    assert_eq!(
        unsafe { mj_rules_new(ptr::null(), ptr::null(), &mut out) },
        MjStatus::Ok
    );
    // SAFETY: the handle just made, freed once.
    unsafe { mj_rules_free(out) };
    // SAFETY: a NULL out-pointer is refused before anything is written.
    assert_eq!(
        unsafe { mj_rules_new(ptr::null(), ptr::null(), ptr::null_mut()) },
        MjStatus::NullPointer
    );
    assert_eq!(last_error(), "argument `out` is NULL");
    let bad = [0xFFu8, 0];
    // SAFETY: a NUL-terminated string that is not UTF-8.
    let status = unsafe { mj_rules_new(bad.as_ptr().cast(), ptr::null(), &mut out) };
    assert_eq!(status, MjStatus::InvalidUtf8);
}

#[test]
fn null_and_freed_pointers_answer_a_status() {
    let rules = Rules::new("riichi", "").unwrap();
    let counts = *"123m456p789s11122z"
        .parse::<TileCounts>()
        .unwrap()
        .as_array();
    let mut won = false;
    // SAFETY (each call): NULL arguments are refused before any read or write.
    unsafe {
        assert_eq!(
            mj_is_winning(ptr::null(), counts.as_ptr(), 0, &mut won),
            MjStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `rules` is NULL");
        assert_eq!(
            mj_is_winning(rules.0, ptr::null(), 0, &mut won),
            MjStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `counts` is NULL");
        assert_eq!(
            mj_is_winning(rules.0, counts.as_ptr(), 0, ptr::null_mut()),
            MjStatus::NullPointer
        );
        assert_eq!(last_error(), "argument `out` is NULL");
        let mut s = 0i8;
        assert_eq!(
            mj_shanten(rules.0, ptr::null(), 0, &mut s),
            MjStatus::NullPointer
        );
        let mut m = 0u64;
        assert_eq!(
            mj_waits(ptr::null(), counts.as_ptr(), 0, &mut m),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_is_ready(rules.0, counts.as_ptr(), 0, ptr::null_mut()),
            MjStatus::NullPointer
        );
        // A misaligned pointer is no handle.
        let misaligned = rules.0.cast::<u8>().add(1).cast::<MjRules>();
        assert_eq!(
            mj_is_winning(misaligned, counts.as_ptr(), 0, &mut won),
            MjStatus::BadHandle
        );
        // A successful call leaves the last error alone.
        assert_eq!(
            mj_is_winning(rules.0, counts.as_ptr(), 0, &mut won),
            MjStatus::Ok
        );
        assert!(won);
        assert!(last_error().contains("not a live handle"));
    }
    // A struct that is no handle (its mark is missing): refused, not read as rules.
    let fake = [0u64; 16];
    // SAFETY: readable memory of more than an MjRules' size, aligned for it.
    let status = unsafe { mj_is_winning(fake.as_ptr().cast(), counts.as_ptr(), 0, &mut won) };
    assert_eq!(status, MjStatus::BadHandle);
}

#[test]
fn one_handle_serves_many_threads() {
    let rules = Rules::new("generic", "").unwrap();
    let mut sampler = Sampler::new(0xFF3);
    let hands: Vec<([u8; 34], u32)> = (0..2000)
        .map(|i| split(&sampler.sample(Shape::ALL[i % 7], 4, 0, (i % 3) as u8, i % 2 == 1)))
        .collect();
    let one = |(c, w): &([u8; 34], u32)| {
        (
            ask(mj_is_winning, &rules, c, *w),
            ask(mj_waits, &rules, c, *w),
            ask(mj_shanten, &rules, c, *w),
        )
    };
    let expected: Vec<_> = hands.iter().map(one).collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|k| {
                let (hands, expected, one) = (&hands, &expected, &one);
                s.spawn(move || {
                    for (i, hand) in hands.iter().enumerate().skip(k) {
                        assert_eq!(one(hand), expected[i]);
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
    });
}
