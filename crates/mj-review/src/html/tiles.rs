//! Tiles and actions drawn as HTML: a tile is a small CSS box with its name (`5m`, `東`), a red
//! five marked, its mjai name in `data-tile`; an action (a list of mjai events) is a verb and
//! its tiles.

use core::fmt::Write as _;

use mj_game::MjaiTile;
use serde_json::Value;

use super::text::escape;

/// One tile by its mjai name (`5mr`, `E`, `?`): `<i class="t m">3m</i>`, a red five and an
/// honour with their mjai name in `title`; a name this page does not know is shown as
/// written, escaped.
pub(crate) fn tile(name: &str) -> String {
    let (text, class, title) = match name {
        "E" => ("東".to_string(), "z", "east (E)"),
        "S" => ("南".to_string(), "z", "south (S)"),
        "W" => ("西".to_string(), "z", "west (W)"),
        "N" => ("北".to_string(), "z", "north (N)"),
        "P" => ("白".to_string(), "z wd", "white dragon (P)"),
        "F" => ("發".to_string(), "z gd", "green dragon (F)"),
        "C" => ("中".to_string(), "z rd", "red dragon (C)"),
        "?" => ("?".to_string(), "back", "hidden"),
        _ => match name.as_bytes() {
            [r @ b'1'..=b'9', s @ (b'm' | b'p' | b's')] => {
                (format!("{}{}", *r as char, *s as char), suit_class(*s), "")
            }
            [b'5', s @ (b'm' | b'p' | b's'), b'r'] => {
                (format!("5{}", *s as char), red_class(*s), "red five")
            }
            _ => (name.to_string(), "other", ""),
        },
    };
    let title = if title.is_empty() {
        String::new()
    } else {
        format!(" title=\"{title}\"")
    };
    format!("<i class=\"t {class}\"{title}>{}</i>", escape(&text))
}

/// Kinds of tiles in short notation grouped by suit (`147m 58p 東`), each suit in its colour:
/// for the long lists of a candidate table.
pub(crate) fn kinds(list: &[MjaiTile]) -> String {
    // (class, the ranks or honour glyphs, the suit letter written after them)
    let mut groups: Vec<(&'static str, String, &'static str)> = Vec::new();
    for t in list {
        let name = t.to_string();
        let (class, glyph, suit) = match name.as_bytes() {
            [r @ b'1'..=b'9', s @ (b'm' | b'p' | b's'), ..] => {
                let class = suit_class(*s);
                (class, (*r as char).to_string(), class)
            }
            _ => ("z", honor(&name), ""),
        };
        match groups.last_mut() {
            Some((c, g, _)) if *c == class => g.push_str(&glyph),
            _ => groups.push((class, glyph, suit)),
        }
    }
    let mut out = String::from("<span class=\"kinds\">");
    for (class, g, suit) in groups {
        let _ = write!(out, "<i class=\"{class}\">{}{suit}</i>", escape(&g));
    }
    out.push_str("</span>");
    out
}

fn honor(name: &str) -> String {
    match name {
        "E" => "東",
        "S" => "南",
        "W" => "西",
        "N" => "北",
        "P" => "白",
        "F" => "發",
        "C" => "中",
        other => other,
    }
    .to_string()
}

fn suit_class(s: u8) -> &'static str {
    match s {
        b'm' => "m",
        b'p' => "p",
        _ => "s",
    }
}

fn red_class(s: u8) -> &'static str {
    match s {
        b'm' => "m red",
        b'p' => "p red",
        _ => "s red",
    }
}

/// Tiles side by side.
pub(crate) fn tiles(list: &[MjaiTile]) -> String {
    let mut out = String::from("<span class=\"tiles\">");
    for t in list {
        out.push_str(&tile(&t.to_string()));
    }
    out.push_str("</span>");
    out
}

/// The tiles of a JSON list of mjai names (`consumed`).
fn value_tiles(v: Option<&Value>) -> String {
    let mut out = String::new();
    for t in v.and_then(Value::as_array).into_iter().flatten() {
        out.push_str(&tile(t.as_str().unwrap_or("?")));
    }
    out
}

fn pai(e: &Value) -> String {
    tile(e.get("pai").and_then(Value::as_str).unwrap_or("?"))
}

fn kind(e: &Value) -> &str {
    e.get("type").and_then(Value::as_str).unwrap_or("")
}

/// An action (mjai events: one, or `reach` then `dahai`) as a verb and tiles, with the
/// events themselves in `data-events` (compact JSON, escaped) for tools and tests.
pub(crate) fn action(events: &[Value]) -> String {
    let json = serde_json::to_string(events).unwrap_or_default();
    let mut out = format!("<span class=\"action\" data-events=\"{}\">", escape(&json));
    out.push_str(&action_body(events));
    out.push_str("</span>");
    out
}

/// An action as a verb and tiles.
pub(crate) fn action_body(events: &[Value]) -> String {
    let mut out = String::new();
    let mut riichi = false;
    for e in events {
        let _ = match kind(e) {
            "reach" => {
                riichi = true;
                continue;
            }
            "dahai" => {
                let verb = if riichi { "riichi" } else { "discard" };
                let cut = if e.get("tsumogiri").and_then(Value::as_bool) == Some(true) {
                    " <small>tsumogiri</small>"
                } else {
                    ""
                };
                write!(out, "<b>{verb}</b> {}{cut}", pai(e))
            }
            k @ ("chi" | "pon" | "daiminkan") => {
                let verb = if k == "daiminkan" { "kan" } else { k };
                write!(
                    out,
                    "<b>{verb}</b> {} <small>with</small> {}",
                    pai(e),
                    value_tiles(e.get("consumed"))
                )
            }
            "ankan" => write!(out, "<b>closed kan</b> {}", value_tiles(e.get("consumed"))),
            "kakan" => write!(out, "<b>added kan</b> {}", pai(e)),
            "hora" => {
                let tsumo = e.get("actor") == e.get("target");
                write!(out, "<b>{}</b>", if tsumo { "tsumo" } else { "ron" })
            }
            "none" => write!(out, "<b>pass</b>"),
            "nukidora" => write!(out, "<b>kita</b> {}", pai(e)),
            "ryukyoku" => write!(out, "<b>abort</b> <small>(nine terminals)</small>"),
            other => write!(out, "<b>{}</b>", escape(other)),
        };
        out.push(' ');
    }
    if riichi && !events.iter().any(|e| kind(e) == "dahai") {
        out.push_str("<b>riichi</b>");
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::{action, kinds, tile};
    use serde_json::json;

    #[test]
    fn tiles_show_their_names_and_red_fives() {
        assert!(tile("3p").contains(">3p<"));
        assert!(tile("5sr").contains("class=\"t s red\""));
        assert_eq!(
            kinds(
                &["1m", "4m", "7m", "5pr", "8p", "E", "C"]
                    .map(|t| serde_json::from_value(json!(t)).unwrap())
            ),
            "<span class=\"kinds\"><i class=\"m\">147m</i><i class=\"p\">58p</i><i class=\"z\">東中</i></span>"
        );
        assert!(tile("C").contains(">中<"));
        assert!(tile("<i>").contains("&lt;i&gt;"));
        assert!(!tile("<i>").contains("<i>"));
    }

    #[test]
    fn actions_read_as_words() {
        let riichi = action(&[
            json!({"type":"reach","actor":0}),
            json!({"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false}),
        ]);
        assert!(riichi.contains("<b>riichi</b>"), "{riichi}");
        assert!(riichi.contains("class=\"t m red\""), "{riichi}");
        let pon =
            action(&[json!({"type":"pon","actor":1,"target":0,"pai":"E","consumed":["E","E"]})]);
        assert!(
            pon.contains("<b>pon</b>") && pon.matches(">東<").count() == 3,
            "{pon}"
        );
        assert!(action(&[json!({"type":"none"})]).contains("<b>pass</b>"));
        let hostile = action(&[json!({"type":"<script>"})]);
        assert!(!hostile.contains("<script>"), "{hostile}");
    }
}
