//! What a room is made of: its rules, length, seats, names and wall seed (`GameSpec`), read
//! from a client's JSON and stored as the room's first row.

use mj_game::{GameRules, Length};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::RoomError;

/// Who sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person, acting through the API with the seat's token.
    Human,
    /// One of our players, by its registry name (`defense`, `search:samples=8`, ...).
    Bot(String),
}

impl SeatKind {
    /// The name a client writes: `human` or the player's name.
    pub fn name(&self) -> &str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(name) => name,
        }
    }
}

/// The longest player name a room keeps (characters); longer names are cut.
pub const MAX_NAME_CHARS: usize = 32;

/// A room's definition: enough, with the actions played, to rebuild it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// The rules preset's name (one of [`GameRules::PRESETS`]).
    pub rules: String,
    /// `one`, `east` or `hanchan`.
    pub length: String,
    /// One per player (three in sanma).
    pub seats: Vec<SeatKind>,
    /// The names shown and written in the log's `start_game`.
    pub names: Vec<String>,
    /// The seed of the walls (and of the bots' own choices).
    pub seed: u64,
    /// Seconds a person has for each decision; past them the server plays for the seat (a
    /// pass on a call, the drawn tile on a turn). `None`: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_s: Option<u32>,
}

/// The shortest and longest decision time a room may set, in seconds.
pub const TIMEOUT_RANGE: core::ops::RangeInclusive<u32> = 3..=3600;

impl GameSpec {
    /// Reads a client's request `{"rules", "length", "seats", "seed"?, "names"?}`; `seed`
    /// (when absent) is the one given.
    ///
    /// # Errors
    /// [`RoomError::BadRequest`] naming the field: an unknown preset, length or player, a
    /// seat count that is not the rules' player count, no human seat, a bad name or seed.
    pub fn from_request(request: &Value, seed: u64) -> Result<GameSpec, RoomError> {
        let bad = |m: String| RoomError::BadRequest(m);
        let obj = request
            .as_object()
            .ok_or_else(|| bad("the body is not a JSON object".into()))?;
        for key in obj.keys() {
            if !["rules", "length", "seats", "seed", "names", "timeout_s"].contains(&key.as_str()) {
                return Err(bad(format!(
                    "unknown field `{}` (fields: rules, length, seats, seed, names, timeout_s)",
                    clip(key)
                )));
            }
        }
        let rules_name = match obj.get("rules") {
            None => "tenhou",
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return Err(bad("`rules` is not a string".into())),
        };
        let rules = GameRules::preset(rules_name).ok_or_else(|| {
            bad(format!(
                "unknown rules `{}` (presets: {})",
                clip(rules_name),
                GameRules::PRESETS.join(", ")
            ))
        })?;
        let canonical = rules.preset_name().unwrap_or(rules_name).to_owned();
        let length = match obj.get("length") {
            None => "east",
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return Err(bad("`length` is not a string".into())),
        };
        if Length::from_name(length).is_none() {
            return Err(bad(format!(
                "unknown length `{}` (lengths: one, east, hanchan)",
                clip(length)
            )));
        }
        let players = usize::from(rules.players);
        let seats = match obj.get("seats") {
            None => {
                let mut seats = vec![SeatKind::Bot("defense".into()); players];
                seats[0] = SeatKind::Human;
                seats
            }
            Some(Value::Array(items)) => {
                if items.len() != players {
                    return Err(bad(format!(
                        "`seats` has {} entries; {canonical} is played by {players}",
                        items.len()
                    )));
                }
                let mut seats = Vec::with_capacity(players);
                for (i, item) in items.iter().enumerate() {
                    let name = item
                        .as_str()
                        .ok_or_else(|| bad(format!("`seats[{i}]` is not a string")))?;
                    seats.push(seat_kind(name).map_err(|m| bad(format!("`seats[{i}]`: {m}")))?);
                }
                seats
            }
            Some(_) => return Err(bad("`seats` is not an array".into())),
        };
        if !seats.contains(&SeatKind::Human) {
            return Err(bad(
                "no seat is `human`: a room is for people (bots alone play in `mj arena`)".into(),
            ));
        }
        let seed = match obj.get("seed") {
            None => seed,
            Some(v) => v
                .as_u64()
                .ok_or_else(|| bad("`seed` is not an integer 0..2^64".into()))?,
        };
        let names = match obj.get("names") {
            None => seats
                .iter()
                .enumerate()
                .map(|(i, s)| match s {
                    SeatKind::Human => format!("player {i}"),
                    SeatKind::Bot(name) => name.clone(),
                })
                .collect(),
            Some(Value::Array(items)) if items.len() == players => {
                let mut names = Vec::with_capacity(players);
                for (i, item) in items.iter().enumerate() {
                    let name = item
                        .as_str()
                        .ok_or_else(|| bad(format!("`names[{i}]` is not a string")))?;
                    let name: String = name
                        .chars()
                        .filter(|c| !c.is_control())
                        .take(MAX_NAME_CHARS)
                        .collect();
                    names.push(name);
                }
                names
            }
            Some(_) => {
                return Err(bad(format!("`names` is not an array of {players} strings")));
            }
        };
        let timeout_s = match obj.get("timeout_s") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_u64() {
                Some(0) => None,
                Some(t) if TIMEOUT_RANGE.contains(&(t.min(u64::from(u32::MAX)) as u32)) => {
                    Some(t as u32)
                }
                _ => {
                    return Err(bad(format!(
                        "`timeout_s` is not 0 (no limit) nor a number of seconds in {}..={}",
                        TIMEOUT_RANGE.start(),
                        TIMEOUT_RANGE.end()
                    )));
                }
            },
        };
        Ok(GameSpec {
            rules: canonical,
            length: length.to_owned(),
            seats,
            names,
            seed,
            timeout_s,
        })
    }

    /// The rules (a stored spec names a preset; one that no longer exists is an error).
    ///
    /// # Errors
    /// [`RoomError::Corrupt`] for a preset name this build does not know.
    pub fn game_rules(&self) -> Result<GameRules, RoomError> {
        GameRules::preset(&self.rules)
            .ok_or_else(|| RoomError::Corrupt(format!("unknown rules `{}`", clip(&self.rules))))
    }

    /// The match length.
    ///
    /// # Errors
    /// [`RoomError::Corrupt`] for a length this build does not know.
    pub fn match_length(&self) -> Result<Length, RoomError> {
        Length::from_name(&self.length)
            .ok_or_else(|| RoomError::Corrupt(format!("unknown length `{}`", clip(&self.length))))
    }

    /// The human seats.
    pub fn humans(&self) -> impl Iterator<Item = u8> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == SeatKind::Human)
            .map(|(i, _)| i as u8)
    }
}

/// `human` or a player of the registry.
fn seat_kind(name: &str) -> Result<SeatKind, String> {
    if name == "human" {
        return Ok(SeatKind::Human);
    }
    match mj_bot::registry::make(name, 0) {
        Ok(_) => Ok(SeatKind::Bot(name.to_owned())),
        Err(e) => Err(format!("`{}` is not `human` nor a player: {e}", clip(name))),
    }
}

/// At most 40 characters of a client's string, for messages.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_and_errors_name_the_field() {
        let spec = GameSpec::from_request(&json!({}), 5).unwrap();
        assert_eq!(spec.rules, "tenhou");
        assert_eq!(spec.seats.len(), 4);
        assert_eq!(spec.seed, 5);
        let sanma = json!({"rules": "sanma", "seats": ["human", "defense", "defense", "defense"]});
        let e = GameSpec::from_request(&sanma, 0).unwrap_err().to_string();
        assert!(e.contains("played by 3"), "{e}");
        let e = GameSpec::from_request(
            &json!({"seats": ["defense", "defense", "defense", "defense"]}),
            0,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("no seat is `human`"), "{e}");
        let e = GameSpec::from_request(&json!({"seats": ["human", "x", "defense", "defense"]}), 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("seats[1]"), "{e}");
        let e = GameSpec::from_request(&json!({"rules": "chess"}), 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown rules `chess`"), "{e}");
        let e = GameSpec::from_request(&json!({"length": 3}), 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`length`"), "{e}");
        let e = GameSpec::from_request(&json!({"timeout_s": 1}), 0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`timeout_s`"), "{e}");
        let timed = GameSpec::from_request(&json!({"timeout_s": 20}), 0).unwrap();
        assert_eq!(timed.timeout_s, Some(20));
        // A stored spec without the field (written before it existed) reads as no limit.
        let old = r#"{"rules":"tenhou","length":"east","seats":["human",{"bot":"defense"},{"bot":"defense"},{"bot":"defense"}],"names":["a","b","c","d"],"seed":1}"#;
        assert_eq!(
            serde_json::from_str::<GameSpec>(old).unwrap().timeout_s,
            None
        );
        let alias = GameSpec::from_request(&json!({"rules": "xuezhan"}), 0).unwrap();
        assert_eq!(alias.rules, "sichuan");
    }
}
