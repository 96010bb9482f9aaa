//! A seat's legal actions as mjai reactions, and the legal action a client's reaction names.
//!
//! The words are [`mj_game::SeatView::reaction`]'s, with what a room needs to name one action
//! in one message: a riichi carries its discard in `pai` (`{"type":"reach","actor":0,
//! "pai":"3m"}`, one per allowed discard, where mjai sends `reach` and then a `dahai`), and the
//! Sichuan choices are their events: `huansanzhang` with the three tiles passed, `dingque`
//! with the suit given up.

use mj_game::{Action, MjaiTile, SeatView};
use serde_json::{Value, json};

use crate::error::RoomError;
use crate::spec::clip;

/// The reaction a client sends for `action` (one of the seat's legal actions).
pub fn render(view: &SeatView<'_>, action: Action) -> Value {
    let seat = view.seat();
    let reds = view.rules().red_fives;
    let t = |id: u8| MjaiTile::id(id, reds);
    match action {
        Action::Riichi { tile } => json!({"type": "reach", "actor": seat, "pai": t(tile.as_u8())}),
        Action::Exchange { tiles } => json!({
            "type": "huansanzhang",
            "actor": seat,
            "pai": tiles.map(|x| t(x.as_u8())),
        }),
        Action::DeclareLack { suit } => {
            let name = ["m", "p", "s"]
                .get(usize::from(suit))
                .copied()
                .unwrap_or("?");
            json!({"type": "dingque", "actor": seat, "suit": name})
        }
        other => view.reaction(other),
    }
}

/// The legal reactions of the seat, in the engine's order, without repeats (two plain fives
/// are one `dahai`).
pub fn legal(view: &SeatView<'_>, actions: &[Action]) -> Vec<(Action, Value)> {
    let mut out: Vec<(Action, Value)> = Vec::with_capacity(actions.len());
    for &a in actions {
        let v = render(view, a);
        if !out.iter().any(|(_, w)| *w == v) {
            out.push((a, v));
        }
    }
    out
}

/// What the server plays for a person who let the decision time run out: a pass where there
/// is one (a call, a ron, a win are declined), else the drawn tile (tsumogiri), else the first
/// legal discard, else the first legal action (the Sichuan exchange and lack).
pub fn on_timeout(legal: &[(Action, Value)]) -> Option<Value> {
    let find = |f: &dyn Fn(&Value) -> bool| legal.iter().map(|(_, v)| v).find(|v| f(v)).cloned();
    find(&|v| v["type"] == "none")
        .or_else(|| find(&|v| v["type"] == "dahai" && v["tsumogiri"] == true))
        .or_else(|| find(&|v| v["type"] == "dahai"))
        .or_else(|| legal.first().map(|(_, v)| v.clone()))
}

/// The legal action `sent` names: a reaction equal to one of `legal`'s, where arrays of tiles
/// may come in any order and `tsumogiri` may be left out.
///
/// # Errors
/// [`RoomError::BadRequest`] for a reaction that is not an object with a `type`;
/// [`RoomError::Illegal`] for one that names no legal action, saying which types are legal.
pub fn find(legal: &[(Action, Value)], sent: &Value) -> Result<Action, RoomError> {
    let obj = sent
        .as_object()
        .ok_or_else(|| RoomError::BadRequest("`action` is not a JSON object".into()))?;
    let ty = obj
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| RoomError::BadRequest("`action` has no string `type`".into()))?;
    if ty == "reach" && !obj.contains_key("pai") {
        return Err(RoomError::BadRequest(
            "a `reach` names its discard in `pai` (one reaction: the riichi and its discard)"
                .into(),
        ));
    }
    for (action, rendered) in legal {
        if agrees(rendered, obj) {
            return Ok(*action);
        }
    }
    let mut types: Vec<&str> = legal
        .iter()
        .filter_map(|(_, v)| v.get("type").and_then(Value::as_str))
        .collect();
    types.dedup();
    Err(RoomError::Illegal(format!(
        "`{}` {} is not legal now (legal: {})",
        clip(ty),
        clip(&sent.to_string()),
        if types.is_empty() {
            "nothing".to_owned()
        } else {
            types.join(", ")
        }
    )))
}

fn agrees(rendered: &Value, sent: &serde_json::Map<String, Value>) -> bool {
    let Some(want) = rendered.as_object() else {
        return false;
    };
    if sent.keys().any(|k| !want.contains_key(k)) {
        return false;
    }
    want.iter().all(|(k, v)| match sent.get(k) {
        None => k == "tsumogiri",
        Some(got) => same(v, got),
    })
}

fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            let key = |v: &Vec<Value>| {
                let mut s: Vec<String> = v.iter().map(Value::to_string).collect();
                s.sort();
                s
            };
            x.len() == y.len() && key(x) == key(y)
        }
        _ => a == b,
    }
}
