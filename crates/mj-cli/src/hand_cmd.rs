//! `mj hu`, `mj waits`, `mj shanten` and `mj analyze`: the batch ops for one hand given on the
//! command line, answered in words. They build the same request `mj batch` would get, so both
//! paths agree.

use serde_json::{Map, Value, json};

use mj_protocol::{Request, answer_line};

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
        if options.contains_key(name) {
            // As `mj batch` refuses a switch given twice, rather than keeping the last value.
            return Err(format!("--option {name} is given twice"));
        }
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

/// Runs `op` (`hu`, `waits` or `shanten`) and describes the answer; `Err` holds the error
/// message.
pub fn run(op: &str, args: &HandArgs) -> Result<String, String> {
    let answer = ask(&request(op, args)?.to_string())?;
    match op {
        "hu" => Ok(if answer["hu"] == json!(true) {
            "win\n"
        } else {
            "no win\n"
        }
        .to_owned()),
        "shanten" => Ok(shanten_words(&answer)),
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

/// Answers a request line through [`answer_line`]: the answer object, or `kind: message`.
pub(crate) fn ask(line: &str) -> Result<Value, String> {
    let answer: Value =
        serde_json::from_str(&answer_line(line.as_bytes())).map_err(|e| e.to_string())?;
    match answer.get("error") {
        Some(error) => Err(format!(
            "{}: {}",
            error["kind"].as_str().unwrap_or("error"),
            error["message"].as_str().unwrap_or("")
        )),
        None => Ok(answer),
    }
}

/// A `shanten` answer in words: `shanten 1: standard 1, seven pairs 5, thirteen orphans 9`.
fn shanten_words(answer: &Value) -> String {
    let n = answer["shanten"].as_i64().unwrap_or_default();
    let state = match n {
        -1 => " (complete)",
        0 => " (ready)",
        _ => "",
    };
    let mut forms = vec![format!("standard {}", answer["standard"])];
    for (field, name) in [
        ("seven_pairs", "seven pairs"),
        ("thirteen_orphans", "thirteen orphans"),
    ] {
        if let Some(v) = answer[field].as_i64() {
            forms.push(format!("{name} {v}"));
        }
    }
    format!("shanten {n}{state}: {}\n", forms.join(", "))
}

/// `tiles` (mpsz and glyphs) with their kinds and live count, or `none`.
fn effective_words(tiles: &[mj_tiles::Tile], count: u64) -> String {
    if tiles.is_empty() {
        return "none".to_owned();
    }
    format!(
        "{} {} ({} kinds, {count} tiles)",
        mj_tiles::notation::format_tiles(tiles),
        mj_tiles::notation::glyphs(tiles),
        tiles.len()
    )
}

/// `mj analyze`: the shanten, then for a `3k + 2` hand every discard (best first) with the
/// shanten after it and its effective tiles, for a `3k + 1` hand its effective tiles. Effective
/// tiles are in mpsz and glyphs with their kinds and live copies (four minus those in the hand,
/// the melds and `visible`, mpsz). `Err` holds the error message.
pub fn analyze(args: &HandArgs, visible: Option<&str>) -> Result<String, String> {
    // The command asks `shanten` first: its errors are `mj analyze`'s.
    let mut out = shanten_words(
        &ask(&request("shanten", args)?.to_string())
            .map_err(|e| e.replacen("op `shanten`", "`mj analyze`", 1))?,
    );
    // `discards` is the op that accepts `visible`; its request also serves a 3k+1 hand.
    let mut req = request("discards", args)?;
    if let (Some(visible), Value::Object(fields)) = (visible, &mut req) {
        fields.insert("visible".into(), json!(visible));
    }
    let line = req.to_string();
    let parsed = Request::parse(&line).map_err(|e| format!("{}: {e}", e.kind()))?;
    if parsed.counts().total() % 3 == 2 {
        let answer = ask(&line)?;
        for row in answer["discards"].as_array().into_iter().flatten() {
            let tiles: Vec<mj_tiles::Tile> = row["ukeire"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t.as_str()?.parse().ok())
                .collect();
            out.push_str(&format!(
                "discard {} -> shanten {}, effective: {}\n",
                row["tile"].as_str().unwrap_or("?"),
                row["shanten"],
                effective_words(&tiles, row["ukeire_count"].as_u64().unwrap_or_default())
            ));
        }
    } else {
        let effective = parsed
            .effective_tiles()
            .map_err(|e| format!("{}: {e}", e.kind()))?;
        let tiles: Vec<mj_tiles::Tile> = effective.tiles.iter().collect();
        out.push_str(&format!(
            "effective: {}\n",
            effective_words(&tiles, u64::from(effective.count))
        ));
    }
    Ok(out)
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

    #[test]
    fn describes_shanten_and_analysis() {
        assert_eq!(
            run("shanten", &args("123456789m1111z")).unwrap(),
            "shanten 1: standard 1, seven pairs 4, thirteen orphans 9\n"
        );
        assert_eq!(
            run("shanten", &args("123m456p789s1122z")).unwrap(),
            "shanten 0 (ready): standard 0, seven pairs 4, thirteen orphans 8\n"
        );
        let meld = HandArgs {
            melds: vec!["pon:777z".into()],
            ..args("123m456p789s11z")
        };
        assert_eq!(
            run("shanten", &meld).unwrap(),
            "shanten -1 (complete): standard -1\n"
        );
        let out = analyze(&args("123m456p789s23455z"), None).unwrap();
        let mut lines = out.lines();
        assert_eq!(
            lines.next(),
            Some("shanten 1: standard 1, seven pairs 5, thirteen orphans 6")
        );
        assert_eq!(
            lines.next(),
            Some(
                "discard 2z -> shanten 1, effective: 345z \u{1F002}\u{1F003}\u{1F006} (3 kinds, 8 tiles)"
            )
        );
        let out = analyze(&args("123m456p789s11z23z"), Some("1z")).unwrap();
        assert!(
            out.ends_with("effective: 123z \u{1F000}\u{1F001}\u{1F002} (3 kinds, 7 tiles)\n"),
            "{out}"
        );
        assert!(
            analyze(&args("123m"), None)
                .unwrap_err()
                .starts_with("hand_size")
        );
        let sichuan = HandArgs {
            rules: Some("sichuan".into()),
            ..args("123m456m789m1122s")
        };
        assert!(
            analyze(&sichuan, None)
                .unwrap_err()
                .starts_with("unsupported_rules")
        );
        assert!(
            analyze(&args("123m456p789s11z23z"), Some("1x"))
                .unwrap_err()
                .starts_with("invalid_field")
        );
    }
}
