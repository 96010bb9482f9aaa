//! `mj hu` and `mj waits`: the batch ops for one hand given on the command line, answered in
//! words. They build the same request `mj batch` would get, so both paths agree.

use serde_json::{Map, Value, json};

use crate::answer_line;

/// One hand from the command line.
#[derive(Clone, Debug, Default)]
pub struct HandArgs {
    /// The concealed tiles, mpsz.
    pub hand: String,
    /// Wildcard kinds, mpsz (`"7z"`, `"5z6z"`).
    pub wild: Option<String>,
    /// The preset.
    pub rules: Option<String>,
    /// `name=true|false` rule switches.
    pub options: Vec<String>,
    /// Declared melds as `kind:tiles`, e.g. `pon:555z`.
    pub melds: Vec<String>,
}

/// The batch request for `op` on these arguments.
pub fn request(op: &str, args: &HandArgs) -> Result<Value, String> {
    let mut req = Map::new();
    req.insert("op".into(), json!(op));
    req.insert("hand".into(), json!(args.hand));
    if let Some(wild) = &args.wild {
        let tiles = mj_tiles::notation::parse_pieces(wild).map_err(|e| format!("--wild: {e}"))?;
        req.insert(
            "wild".into(),
            json!(tiles.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
        );
    }
    if let Some(rules) = &args.rules {
        req.insert("rules".into(), json!(rules));
    }
    let mut options = Map::new();
    for opt in &args.options {
        let (name, value) = opt.split_once('=').unwrap_or((opt, "true"));
        let value = match value {
            "true" | "on" => json!(true),
            "false" | "off" => json!(false),
            other => json!(other),
        };
        options.insert(name.to_owned(), value);
    }
    if !options.is_empty() {
        req.insert("options".into(), Value::Object(options));
    }
    let mut melds = Vec::new();
    for meld in &args.melds {
        let (kind, tiles) = meld
            .split_once(':')
            .ok_or_else(|| format!("--meld {meld:?}: expected kind:tiles, e.g. pon:555z"))?;
        melds.push(json!({"kind": kind, "tiles": tiles}));
    }
    if !melds.is_empty() {
        req.insert("melds".into(), Value::Array(melds));
    }
    Ok(Value::Object(req))
}

/// Runs `op` (`hu` or `waits`) and describes the answer; `Err` holds the error message.
pub fn run(op: &str, args: &HandArgs) -> Result<String, String> {
    let line = request(op, args)?.to_string();
    let answer: Value =
        serde_json::from_str(&answer_line(line.as_bytes())).map_err(|e| e.to_string())?;
    if let Some(error) = answer.get("error") {
        let kind = error["kind"].as_str().unwrap_or("error");
        let message = error["message"].as_str().unwrap_or("");
        return Err(format!("{kind}: {message}"));
    }
    match op {
        "hu" => Ok(if answer["hu"] == json!(true) {
            "win\n"
        } else {
            "no win\n"
        }
        .to_owned()),
        _ => {
            let tiles: Vec<mj_tiles::Tile> = answer["waits"]
                .as_array()
                .map(|a| a.iter().filter_map(|t| t.as_str()?.parse().ok()).collect())
                .unwrap_or_default();
            if tiles.is_empty() {
                return Ok("no waits\n".to_owned());
            }
            Ok(format!(
                "waits: {} ({} kinds)\n       {}\n",
                mj_tiles::notation::format_tiles(&tiles),
                tiles.len(),
                mj_tiles::notation::glyphs(&tiles)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(hand: &str) -> HandArgs {
        HandArgs {
            hand: hand.to_owned(),
            ..HandArgs::default()
        }
    }

    #[test]
    fn describes_answers() {
        assert_eq!(run("hu", &args("123m456p789s11122z")).unwrap(), "win\n");
        let waits = run("waits", &args("2344m456p789s111z")).unwrap();
        assert!(waits.starts_with("waits: 14m (2 kinds)"), "{waits}");
        let wild = HandArgs {
            wild: Some("7z".into()),
            ..args("11m456p789s111z22z7z")
        };
        assert_eq!(run("hu", &wild).unwrap(), "win\n");
        let meld = HandArgs {
            melds: vec!["pon:222z".into()],
            ..args("11m456p789s111z")
        };
        assert_eq!(run("hu", &meld).unwrap(), "win\n");
        let opt = HandArgs {
            options: vec!["eyes_258".into()],
            ..args("123m456p789s11122z")
        };
        assert_eq!(run("hu", &opt).unwrap(), "no win\n");
        assert!(
            run("hu", &args("11111m"))
                .unwrap_err()
                .starts_with("fifth_copy")
        );
        assert!(
            run(
                "hu",
                &HandArgs {
                    melds: vec!["pon".into()],
                    ..args("11z")
                }
            )
            .is_err()
        );
    }
}
