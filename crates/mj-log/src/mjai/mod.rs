//! mjai JSON Lines: one event a line, as Mortal's libriichi arena (Mortal, mjai.app), the
//! original mjai and this project's `mj game` write them. [`read`] turns a log into one
//! [`Game`] of `mj_game` events, round by round.
//!
//! The dialects differ in what they state, and the reader keeps track of it ([`Fields`]):
//!
//! | event | libriichi arena | original mjai | `mj game` |
//! |---|---|---|---|
//! | `start_game` | `names`, `seed` (the arena's `[nonce, key]`) | `names`, `uri` | `names` |
//! | `start_kyoku` | every field | `oya`, `dora_marker` (hands as `haipai` events) | every field |
//! | `dahai` | `tsumogiri` | no `tsumogiri` (a discard of the tile just drawn is taken as one) | `tsumogiri` |
//! | `reach_accepted` | `actor` | `actor` | `deltas`, `scores` |
//! | `hora` | `deltas`, `ura_markers` | `actor`, `target`, `pai` | every field, `uradora_markers` |
//! | `ryukyoku` | `deltas` | no field | `reason`, `tenpais`, `deltas`, `scores` |
//! | `end_game` | nothing | nothing | `scores` |
//!
//! What a line leaves out is filled from the events before it (a win's tile, the scores after
//! a payment) and is not compared. Other fields (libriichi's `meta`) are ignored; a line that
//! does not start with `{` (the original mjai's board dumps and comments) is skipped, and
//! [`boards`] reads those dumps.
//!
//! The flow is read from the events: `hua`, or in a game without dora a `chi` or a wind, 白 or
//! 发, is MCR ([`is_mcr_log`]); `dingque`, `huansanzhang`, `settle`, `zhuaniao`, or no dora, is
//! Sichuan, 红中血战 or 红中麻将 ([`is_sichuan_log`]); anything else is riichi. The rules: a
//! libriichi arena log (its `start_game` carries the arena's `seed`) plays Tenhou's rules with
//! the two differences libriichi names, of which the engine models one (three rons do not
//! abort; tenhou and chiihou counted as one yakuman alone is not modelled); our own Chinese logs
//! show their flow, and the replay tries that flow's presets; any other riichi log does not
//! state its rules ([`LogRules::Unstated`]), and the original mjai's states no round wind,
//! honba or scores, so it is read but not replayed.

mod board;

pub use board::{Board, BoardMeld, BoardSeat, boards};

use mj_game::{Event, GameRules, Length, MjaiTile};
use serde_json::{Map, Value, json};

use crate::LogError;
use crate::log::{Fields, Game, GameEnd, LogRules, Round};

/// The fields of our own `hora` and `ryukyoku`: a log that writes them all is the engine's own.
const OWN_HORA: [&str; 11] = [
    "actor",
    "target",
    "pai",
    "uradora_markers",
    "yakus",
    "fu",
    "fan",
    "yakuman",
    "hora_points",
    "deltas",
    "scores",
];
const OWN_RYUKYOKU: [&str; 4] = ["reason", "tenpais", "deltas", "scores"];

/// The rules of libriichi's arena: Tenhou's, where three rons do not abort.
pub fn libriichi_rules() -> GameRules {
    let mut r = GameRules::tenhou();
    r.riichi.triple_ron_abort = false;
    r
}

/// What the reader knows while it goes through a game.
#[derive(Default)]
struct State {
    names: Vec<String>,
    seed: Option<Value>,
    rounds: Vec<Round>,
    round: Option<Round>,
    /// The start of the round, while its hands come as `haipai` events (the original mjai).
    pending_start: Option<(usize, Map<String, Value>)>,
    setup_missing: bool,
    scores: [i32; 4],
    /// Each seat's tile just drawn (for the original mjai's `dahai` without `tsumogiri`).
    drawn: [Option<Value>; 4],
    /// The tile last offered (a discard or an added kan's tile) and last drawn, for a win's tile.
    offered: Option<Value>,
    end: Option<GameEnd>,
    ended: bool,
}

/// Reads an mjai log (see the module docs).
///
/// # Errors
/// The first line that is not an event, or an event before `start_kyoku` or after
/// `end_game`, with its line number.
pub fn read(text: &str) -> Result<Game, LogError> {
    let mut st = State::default();
    for (i, line) in text.lines().enumerate() {
        let no = i + 1;
        if !line.starts_with('{') {
            continue;
        }
        let t = line.trim_end();
        let v: Value = serde_json::from_str(t).map_err(|e| LogError::line(no, e.to_string()))?;
        let Value::Object(m) = v else {
            return Err(LogError::line(no, "not a JSON object"));
        };
        line_event(&mut st, m, no).map_err(|why| LogError::line(no, why))?;
    }
    finish_start(&mut st)?;
    if let Some(r) = st.round.take() {
        st.rounds.push(r);
    }
    let events: Vec<&Event> = st.rounds.iter().flat_map(|r| &r.events).collect();
    let rules = if is_mcr_log(events.iter().copied()) {
        LogRules::Candidates(mcr_candidates(events.iter().copied()))
    } else if is_sichuan_log(events.iter().copied()) {
        LogRules::Candidates(sichuan_candidates(events.iter().copied()))
    } else if st.setup_missing {
        LogRules::Unsupported(
            "the original mjai format states no round wind, honba or scores: read, not replayed"
                .to_string(),
        )
    } else if let Some(seed) = &st.seed {
        LogRules::Known {
            rules: libriichi_rules(),
            length: Some(Length::Hanchan),
            source: format!("libriichi arena, seed {seed}"),
            libriichi: true,
        }
    } else {
        LogRules::Unstated {
            players: players(events.iter().copied()),
        }
    };
    Ok(Game {
        id: None,
        title: None,
        names: st.names,
        rules,
        rounds: st.rounds,
        end: st.end,
    })
}

/// The seats a riichi log shows: 3 when the fourth seat is dealt nothing (`?`, as the engine
/// writes a three-player game) or a north is set aside, else 4.
fn players<'a>(mut events: impl Iterator<Item = &'a Event>) -> u8 {
    let mut starts = 0;
    let mut empty = 0;
    for e in events.by_ref() {
        match e {
            Event::Nukidora { .. } => return 3,
            Event::StartKyoku { tehais, .. } => {
                starts += 1;
                empty += usize::from(tehais[3].iter().all(|t| t.is_hidden()));
            }
            _ => {}
        }
    }
    if starts > 0 && empty == starts { 3 } else { 4 }
}

fn seat(m: &Map<String, Value>, k: &str) -> Result<u8, String> {
    m.get(k)
        .and_then(Value::as_u64)
        .and_then(|x| u8::try_from(x).ok())
        .filter(|&x| x < 4)
        .ok_or_else(|| format!("`{k}` is not a seat"))
}

fn ints4(v: &Value) -> Option<[i32; 4]> {
    let a = v.as_array()?;
    let mut out = [0i32; 4];
    for (slot, x) in out.iter_mut().zip(a) {
        *slot = i32::try_from(x.as_i64()?).ok()?;
    }
    (a.len() == 4 || a.len() == 3).then_some(out)
}

/// The round in progress.
fn round<'s>(st: &'s mut State, ty: &str) -> Result<&'s mut Round, String> {
    if st.ended {
        return Err(format!("`{ty}` after `end_game`"));
    }
    st.round
        .as_mut()
        .ok_or_else(|| format!("`{ty}` before the first `start_kyoku`"))
}

fn push(st: &mut State, m: Map<String, Value>, ty: &str) -> Result<usize, String> {
    let ev: Event = serde_json::from_value(Value::Object(m)).map_err(|e| format!("{ty}: {e}"))?;
    let r = round(st, ty)?;
    r.events.push(ev);
    Ok(r.events.len() - 1)
}

/// The start of a round whose hands came as `haipai` events is complete.
fn finish_start(st: &mut State) -> Result<(), LogError> {
    let Some((line, m)) = st.pending_start.take() else {
        return Ok(());
    };
    let ev: Event = serde_json::from_value(Value::Object(m))
        .map_err(|e| LogError::line(line, format!("start_kyoku: {e}")))?;
    if let Event::StartKyoku { scores, .. } = &ev {
        st.scores = *scores;
    }
    st.round = Some(Round {
        events: vec![ev],
        ..Round::default()
    });
    Ok(())
}

fn line_event(st: &mut State, mut m: Map<String, Value>, line: usize) -> Result<(), String> {
    let ty = m
        .get("type")
        .and_then(Value::as_str)
        .ok_or("no `type`")?
        .to_owned();
    if ty != "haipai" && st.pending_start.is_some() {
        finish_start(st).map_err(|e| e.to_string())?;
    }
    match ty.as_str() {
        "start_game" => {
            let names: Vec<String> = m
                .get("names")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .map(|n| n.as_str().unwrap_or("").to_owned())
                        .collect()
                })
                .unwrap_or_default();
            st.names = names;
            st.seed = m.get("seed").filter(|s| !s.is_null()).cloned();
        }
        "start_kyoku" => {
            if st.ended {
                return Err("`start_kyoku` after `end_game`".into());
            }
            if let Some(r) = st.round.take() {
                st.rounds.push(r);
            }
            st.drawn = Default::default();
            st.offered = None;
            let oya = seat(&m, "oya")?;
            let missing = ["bakaze", "kyoku", "honba", "kyotaku", "scores"]
                .iter()
                .any(|k| !m.contains_key(*k));
            st.setup_missing |= missing;
            m.entry("bakaze").or_insert_with(|| json!("E"));
            m.entry("kyoku").or_insert_with(|| json!(oya + 1));
            m.entry("honba").or_insert_with(|| json!(0));
            m.entry("kyotaku").or_insert_with(|| json!(0));
            m.entry("scores").or_insert_with(|| json!([0, 0, 0, 0]));
            if let Some(s) = m.get("scores").and_then(ints4) {
                m.insert("scores".into(), json!(s));
            }
            if !m.contains_key("tehais") {
                // The hands follow as `haipai` events.
                m.insert(
                    "tehais".into(),
                    serde_json::to_value([[MjaiTile::HIDDEN; 13]; 4]).unwrap_or_default(),
                );
                st.pending_start = Some((line, m));
                return Ok(());
            }
            let ev: Event = serde_json::from_value(Value::Object(m))
                .map_err(|e| format!("start_kyoku: {e}"))?;
            if let Event::StartKyoku { scores, .. } = &ev {
                st.scores = *scores;
            }
            st.round = Some(Round {
                events: vec![ev],
                ..Round::default()
            });
        }
        "haipai" => {
            let actor = seat(&m, "actor")?;
            let pais = m.get("pais").cloned().ok_or("no `pais`")?;
            let Some((_, start)) = st.pending_start.as_mut() else {
                return Err("`haipai` outside a round's deal".into());
            };
            if let Some(t) = start.get_mut("tehais").and_then(Value::as_array_mut) {
                t[usize::from(actor)] = pais;
            }
        }
        "tsumo" => {
            let actor = seat(&m, "actor")?;
            st.drawn[usize::from(actor)] = m.get("pai").cloned();
            st.offered = None;
            push(st, m, &ty)?;
        }
        "dahai" => {
            let actor = seat(&m, "actor")?;
            let pai = m.get("pai").cloned();
            let drawn = st.drawn[usize::from(actor)].take();
            if !m.contains_key("tsumogiri") {
                m.insert("tsumogiri".into(), json!(drawn.is_some() && drawn == pai));
            }
            st.offered = pai;
            push(st, m, &ty)?;
        }
        "chi" | "pon" | "daiminkan" | "ankan" | "nukidora" | "hua" => {
            let actor = seat(&m, "actor")?;
            st.drawn[usize::from(actor)] = None;
            push(st, m, &ty)?;
        }
        "kakan" => {
            st.offered = m.get("pai").cloned();
            push(st, m, &ty)?;
        }
        "reach_accepted" => {
            let actor = usize::from(seat(&m, "actor")?);
            let mut deltas = [0i32; 4];
            deltas[actor] = -1000;
            st.scores[actor] -= 1000;
            m.entry("deltas").or_insert_with(|| json!(deltas));
            if let Some(s) = m.get("scores").and_then(ints4) {
                st.scores = s;
            }
            m.insert("scores".into(), json!(st.scores));
            push(st, m, &ty)?;
        }
        "hora" => hora(st, m)?,
        "ryukyoku" => {
            let own = OWN_RYUKYOKU.iter().all(|k| m.contains_key(*k));
            let mut f = Fields::NONE;
            for (k, bit) in [
                ("reason", Fields::KIND),
                ("tenpais", Fields::TENPAI),
                ("deltas", Fields::DELTAS),
                ("scores", Fields::SCORES),
            ] {
                if m.contains_key(k) {
                    f = f.with(bit);
                }
            }
            settle_scores(st, &mut m);
            m.entry("reason").or_insert_with(|| json!(""));
            m.entry("tenpais")
                .or_insert_with(|| serde_json::to_value([false; 4]).unwrap_or_default());
            let at = push(st, m, &ty)?;
            round(st, &ty)?
                .stated
                .push((at, if own { Fields::ALL } else { f }));
        }
        "end_kyoku" => {
            push(st, m, &ty)?;
            if let Some(r) = st.round.take() {
                st.rounds.push(r);
            }
        }
        "end_game" => {
            if let Some(r) = st.round.take() {
                st.rounds.push(r);
            }
            let n = if players_of(st) == 3 { 3 } else { 4 };
            st.end = Some(GameEnd {
                scores: m.get("scores").and_then(ints4).map(|s| s[..n].to_vec()),
                points: None,
            });
            st.ended = true;
        }
        _ => {
            // Every other event of our vocabulary (`dora`, `reach`, `huansanzhang`,
            // `dingque`, `settle`, `zhuaniao`); an unknown type is refused here.
            push(st, m, &ty)?;
        }
    }
    Ok(())
}

fn players_of(st: &State) -> u8 {
    players(st.rounds.iter().flat_map(|r| &r.events))
}

/// A payment's `deltas` (zeros when not written) and the `scores` after it (computed from
/// the events before when not written).
fn settle_scores(st: &mut State, m: &mut Map<String, Value>) {
    let deltas = m.get("deltas").and_then(ints4).unwrap_or([0; 4]);
    m.insert("deltas".into(), json!(deltas));
    for (s, d) in st.scores.iter_mut().zip(deltas) {
        *s += d;
    }
    if let Some(s) = m.get("scores").and_then(ints4) {
        st.scores = s;
    }
    m.insert("scores".into(), json!(st.scores));
}

fn hora(st: &mut State, mut m: Map<String, Value>) -> Result<(), String> {
    let own = OWN_HORA.iter().all(|k| m.contains_key(*k));
    let actor = seat(&m, "actor")?;
    let target = seat(&m, "target")?;
    let mut f = Fields::NONE;
    for (k, bit) in [
        ("deltas", Fields::DELTAS.with(Fields::EACH)),
        ("scores", Fields::SCORES),
        ("fan", Fields::HAN),
        ("fu", Fields::FU),
        ("yakus", Fields::YAKU),
    ] {
        if m.contains_key(k) {
            f = f.with(bit);
        }
    }
    if let Some(u) = m.remove("ura_markers") {
        m.entry("uradora_markers").or_insert(u);
        f = f.with(Fields::URA);
    } else if m.contains_key("uradora_markers") {
        f = f.with(Fields::URA);
    }
    if !m.contains_key("pai") {
        let tile = if actor == target {
            st.drawn[usize::from(actor)].clone()
        } else {
            st.offered.clone()
        };
        m.insert("pai".into(), tile.unwrap_or_else(|| json!("?")));
    }
    settle_scores(st, &mut m);
    m.entry("uradora_markers").or_insert_with(|| json!([]));
    for k in ["fu", "fan", "hora_points"] {
        m.entry(k).or_insert_with(|| json!(0));
    }
    let at = push(st, m, "hora")?;
    round(st, "hora")?
        .stated
        .push((at, if own { Fields::ALL } else { f }));
    Ok(())
}

/// `true` when the events are an MCR game: a flower set aside (`hua`), or in a game without
/// dora (riichi logs show a dora marker) a chi or a wind, 白 or 发 (the Sichuan and hongzhong
/// flows have no chi and no honor but 红中).
pub fn is_mcr_log<'a>(events: impl Iterator<Item = &'a Event> + Clone) -> bool {
    let no_dora = events
        .clone()
        .any(|e| matches!(e, Event::StartKyoku { dora_marker, .. } if dora_marker.is_hidden()));
    let mcr_honor = |t: &MjaiTile| t.tile_id().is_some_and(|id| (27..33).contains(&(id / 4)));
    events.clone().any(|e| matches!(e, Event::Hua { .. }))
        || (no_dora
            && events.clone().any(|e| match e {
                Event::Chi { .. } => true,
                Event::StartKyoku { tehais, .. } => tehais.iter().flatten().any(mcr_honor),
                Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } => mcr_honor(pai),
                _ => false,
            }))
}

/// `true` when the events are a game of Sichuan, 红中血战 or 红中麻将 (a `dingque`,
/// `huansanzhang`, `settle` or `zhuaniao` event, or a `start_kyoku` without a dora marker) and
/// not an MCR game ([`is_mcr_log`]).
pub fn is_sichuan_log<'a>(events: impl Iterator<Item = &'a Event> + Clone) -> bool {
    !is_mcr_log(events.clone())
        && events.clone().any(|e| match e {
            Event::Dingque { .. }
            | Event::Huansanzhang { .. }
            | Event::Settle { .. }
            | Event::Zhuaniao { .. } => true,
            Event::StartKyoku { dora_marker, .. } => dora_marker.tile_id().is_none(),
            _ => false,
        })
}

/// 红中's kind (7z).
const RED: u8 = 33;

/// The presets a Sichuan-family log may be: 红中麻将 when it turns birds; a log that shows a
/// 红中 is not tried as `sichuan`.
fn sichuan_candidates<'a>(events: impl Iterator<Item = &'a Event> + Clone) -> Vec<GameRules> {
    let red = |t: &MjaiTile| t.tile_id().is_some_and(|id| id / 4 == RED);
    let hz = events.clone().any(|e| matches!(e, Event::Zhuaniao { .. }));
    let shows_red = events.clone().any(|e| match e {
        Event::StartKyoku { tehais, .. } => tehais.iter().flatten().any(red),
        Event::Tsumo { pai, .. } | Event::Dahai { pai, .. } => red(pai),
        Event::Zhuaniao { pai, .. } => pai.iter().any(red),
        _ => false,
    });
    if hz {
        vec![GameRules::hongzhong()]
    } else if shows_red {
        vec![GameRules::sichuan_hongzhong(), GameRules::hongzhong()]
    } else {
        vec![
            GameRules::sichuan(),
            GameRules::sichuan_hongzhong(),
            GameRules::hongzhong(),
        ]
    }
}

/// The presets an MCR log may be: `mcr` when it shows a flower, else Botzone's own walls
/// first, then `mcr`.
fn mcr_candidates<'a>(mut events: impl Iterator<Item = &'a Event>) -> Vec<GameRules> {
    if events.any(|e| matches!(e, Event::Hua { .. })) {
        vec![GameRules::mcr()]
    } else {
        vec![GameRules::mcr_botzone(), GameRules::mcr()]
    }
}
