//! The `mj score` command (human layer): builds the `score` request from command-line
//! arguments and prints the answer in words.

use serde_json::{Value, json};

use crate::hand_cmd::{self, HandArgs};

/// A winning situation from the command line: the hand, then the `score` request's extra
/// fields.
#[derive(Clone, Debug, Default)]
pub struct ScoreArgs {
    /// The hand (including the winning tile), its melds, wildcards, preset and switches.
    pub hand: HandArgs,
    /// The winning tile (`win_tile`).
    pub win: String,
    /// Won by self-draw.
    pub tsumo: bool,
    /// Boolean request fields set to true (`riichi`, `ippatsu`, `last_tile`, `kong`, ...).
    pub flags: Vec<String>,
    /// Dora indicators, mpsz.
    pub dora: Option<String>,
    /// Ura dora indicators, mpsz.
    pub ura: Option<String>,
    /// Seat wind, a single tile.
    pub seat_wind: Option<String>,
    /// Round (prevalent) wind, a single tile.
    pub round_wind: Option<String>,
    /// Honba (riichi).
    pub honba: Option<u32>,
    /// Riichi sticks on the table.
    pub riichi_sticks: Option<u32>,
    /// Flowers (MCR).
    pub flowers: Option<u32>,
    /// The suit given up (Sichuan): `m`, `p` or `s`.
    pub lack: Option<String>,
    /// The fan cap (Sichuan).
    pub cap: Option<u32>,
    /// Norths set aside as kita (sanma).
    pub kita: Option<u32>,
}

/// The `score` request for these arguments.
pub fn request(args: &ScoreArgs) -> Result<Value, String> {
    let mut req = hand_cmd::request("score", &args.hand)?;
    let Value::Object(fields) = &mut req else {
        return Err("internal: a request that is not an object".to_owned());
    };
    fields.insert("win_tile".into(), json!(args.win));
    if args.tsumo {
        fields.insert("tsumo".into(), json!(true));
    }
    for flag in &args.flags {
        fields.insert(flag.clone(), json!(true));
    }
    for (name, tiles) in [("dora", &args.dora), ("ura", &args.ura)] {
        if let Some(tiles) = tiles {
            let list =
                mj_tiles::notation::parse_pieces(tiles).map_err(|e| format!("--{name}: {e}"))?;
            fields.insert(
                name.into(),
                json!(list.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
            );
        }
    }
    for (name, value) in [
        ("seat_wind", &args.seat_wind),
        ("round_wind", &args.round_wind),
        ("lack", &args.lack),
    ] {
        if let Some(value) = value {
            fields.insert(name.into(), json!(value));
        }
    }
    for (name, value) in [
        ("honba", args.honba),
        ("riichi_sticks", args.riichi_sticks),
        ("flowers", args.flowers),
        ("cap", args.cap),
        ("kita", args.kita),
    ] {
        if let Some(value) = value {
            fields.insert(name.into(), json!(value));
        }
    }
    Ok(req)
}

/// `mj score`: the score in words; `Err` holds `kind: message`.
pub fn run(args: &ScoreArgs) -> Result<String, String> {
    if args.hand.rules.is_none() {
        return Err(
            "--rules is required: riichi, sanma, sichuan or mcr (the scoring preset)".to_owned(),
        );
    }
    let answer = hand_cmd::ask(&request(args)?.to_string())?;
    Ok(if answer.get("fans").is_some() {
        fan_words(&answer)
    } else {
        yaku_words(&answer)
    })
}

/// Rows of `name  value` with the names padded to one width.
fn table(rows: &[(String, String)]) -> String {
    let width = rows
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (name, value) in rows {
        let pad = width - name.chars().count();
        out.push_str(&format!("  {name}{}  {value}\n", " ".repeat(pad)));
    }
    out
}

/// A riichi answer: yaku with han, fu details, limit and payments.
fn yaku_words(answer: &Value) -> String {
    let yakuman = answer["yakuman"].as_u64().unwrap_or(0);
    let mut out = if yakuman > 0 {
        format!("{yakuman}x yakuman\n")
    } else {
        format!("{} han {} fu\n", answer["han"], answer["fu"])
    };
    let rows: Vec<(String, String)> = answer["yaku"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|y| {
            let name = y["name"].as_str().unwrap_or("?").to_owned();
            let value = match y["yakuman"].as_u64() {
                Some(k) if k > 0 => format!("{k}x yakuman"),
                _ => format!("{} han", y["han"]),
            };
            (name, value)
        })
        .collect();
    out.push_str(&table(&rows));
    if let Some(details) = answer["fu_details"].as_array() {
        let rows: Vec<(String, String)> = details
            .iter()
            .map(|d| {
                (
                    d["name"].as_str().unwrap_or("?").to_owned(),
                    format!("{} fu", d["fu"]),
                )
            })
            .collect();
        out.push_str("fu:\n");
        out.push_str(&table(&rows));
    }
    if let Some(limit) = answer["limit"].as_str() {
        out.push_str(&format!("limit: {limit}\n"));
    }
    let points = &answer["points"];
    let mut paid: Vec<String> = Vec::new();
    for (field, who) in [
        ("ron", "the discarder pays"),
        ("dealer", "the dealer pays"),
        ("others", "each other player pays"),
    ] {
        if let Some(n) = points[field].as_u64() {
            paid.push(format!("{who} {n}"));
        }
    }
    out.push_str(&format!(
        "points: {} ({})\n",
        points["total"],
        paid.join(", ")
    ));
    out
}

/// A Chinese answer: each fan with its Chinese name, value and count, then the total.
fn fan_words(answer: &Value) -> String {
    let rows: Vec<(String, String)> = answer["fans"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            let name = format!(
                "{} {}",
                f["zh"].as_str().unwrap_or("?"),
                f["name"].as_str().unwrap_or("?")
            );
            let count = f["count"].as_u64().unwrap_or(1);
            let value = if count > 1 {
                format!("{} fan x{count}", f["fan"])
            } else {
                format!("{} fan", f["fan"])
            };
            (name, value)
        })
        .collect();
    let mut out = format!("{} fan\n", answer["fan"]);
    out.push_str(&table(&rows));
    if let Some(wild) = answer["wildcards"].as_array() {
        let list: Vec<String> = wild
            .iter()
            .map(|w| {
                format!(
                    "{}->{}",
                    w["tile"].as_str().unwrap_or("?"),
                    w["as"].as_str().unwrap_or("?")
                )
            })
            .collect();
        if !list.is_empty() {
            out.push_str(&format!("wildcards as: {}\n", list.join(" ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(rules: &str, hand: &str, win: &str) -> ScoreArgs {
        ScoreArgs {
            hand: HandArgs {
                hand: hand.to_owned(),
                rules: Some(rules.to_owned()),
                ..HandArgs::default()
            },
            win: win.to_owned(),
            ..ScoreArgs::default()
        }
    }

    #[test]
    fn riichi_in_words() {
        let out = run(&ScoreArgs {
            tsumo: true,
            flags: vec!["riichi".into()],
            honba: Some(2),
            riichi_sticks: Some(1),
            seat_wind: Some("2z".into()),
            dora: Some("1p".into()),
            ..args("riichi", "22334455m667788p", "8p")
        })
        .unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "7 han 20 fu", "{out}");
        assert!(lines.contains(&"  ryanpeikou    3 han"), "{out}");
        assert!(lines.contains(&"  base  20 fu"), "{out}");
        assert!(lines.contains(&"limit: haneman"), "{out}");
        assert_eq!(
            lines.last(),
            Some(&"points: 13600 (the dealer pays 6200, each other player pays 3200)")
        );
        let out = run(&args("riichi", "111m999p111s777z11z", "1z")).unwrap();
        assert!(
            out.starts_with("2x yakuman\n  suuankou_tanki  2x yakuman\nlimit: yakuman\n"),
            "{out}"
        );
    }

    #[test]
    fn sanma_in_words() {
        let out = run(&ScoreArgs {
            tsumo: true,
            flags: vec!["riichi".into()],
            seat_wind: Some("2z".into()),
            kita: Some(1),
            ..args("sanma", "234p345p456s67888s", "8s")
        })
        .unwrap();
        assert!(out.contains("  kita          1 han\n"), "{out}");
        assert!(
            out.ends_with("points: 6000 (the dealer pays 4000, each other player pays 2000)\n"),
            "{out}"
        );
    }

    #[test]
    fn chinese_fans_in_words() {
        let out = run(&ScoreArgs {
            tsumo: true,
            flowers: Some(2),
            ..args("mcr", "123m456m789m123p55p", "5p")
        })
        .unwrap();
        assert!(out.starts_with("27 fan\n  清龙 qing_long"), "{out}");
        assert!(out.contains("花牌 hua_pai          1 fan x2\n"), "{out}");
        let wild = ScoreArgs {
            tsumo: true,
            hand: HandArgs {
                wild: Some("7z".into()),
                ..args("sichuan", "111222m33345m777z", "5m").hand
            },
            ..args("sichuan", "", "5m")
        };
        let out = run(&wild).unwrap();
        assert!(
            out.ends_with("wildcards as: 7z->1m 7z->2m 7z->3m\n"),
            "{out}"
        );
    }

    #[test]
    fn errors_name_their_kind() {
        let e = run(&args("generic", "11z", "1z")).unwrap_err();
        assert!(e.starts_with("unsupported_rules: "), "{e}");
        let e = run(&args("riichi", "123m456p789s23455z", "5z")).unwrap_err();
        assert!(e.starts_with("not_a_win: "), "{e}");
        let e = run(&args("mcr", "123m345m234p678s55p", "8s")).unwrap_err();
        assert!(e.starts_with("below_minimum: "), "{e}");
    }

    fn answer(line: &str) -> Value {
        serde_json::from_str(&mj_protocol::answer_line(line)).unwrap()
    }

    #[test]
    fn fields_and_switches_belong_to_their_preset() {
        let a = answer(
            r#"{"op":"score","rules":"riichi","hand":"123m456p789s11122z","win_tile":"2z","flowers":1}"#,
        );
        assert_eq!(a["error"]["kind"], "invalid_field", "{a}");
        assert!(
            a["error"]["message"]
                .as_str()
                .unwrap()
                .contains("(it belongs to mcr)"),
            "{a}"
        );
        let a = answer(
            r#"{"op":"score","rules":"mcr","hand":"123m456p789s11122z","win_tile":"2z","options":{"kuitan":false}}"#,
        );
        assert_eq!(a["error"]["kind"], "unsupported_rules", "{a}");
        let a = answer(
            r#"{"op":"score","rules":"sichuan","hand":"11122233344455m","win_tile":"5m","options":{"seven_pairs":false}}"#,
        );
        assert_eq!(a["error"]["kind"], "unsupported_rules", "{a}");
        // A shape switch at the preset's own value is accepted.
        let a = answer(
            r#"{"op":"score","rules":"sichuan","hand":"11122233344455m","win_tile":"5m","options":{"honors":false}}"#,
        );
        assert_eq!(a["fan"], 3, "{a}");
    }

    #[test]
    fn renhou_is_scored_per_its_switch() {
        let line = |switch: &str| {
            format!(
                r#"{{"op":"score","rules":"riichi","hand":"123m456p789s11122z","win_tile":"2z","seat_wind":"2z","renhou":true,"options":{{"renhou":"{switch}"}}}}"#
            )
        };
        let a = answer(&line("yakuman"));
        assert_eq!(a["yakuman"], 1, "{a}");
        let a = answer(&line("mangan"));
        assert!(
            a["yaku"]
                .as_array()
                .unwrap()
                .contains(&serde_json::json!({"name": "renhou", "han": 5})),
            "{a}"
        );
        let a = answer(&line("none"));
        assert_eq!(
            a["yaku"],
            serde_json::json!([{"name": "yakuhai_round_wind", "han": 1}]),
            "{a}"
        );
    }
}
