//! Tiles and actions drawn as HTML: a tile is a small CSS box with its name (`5m`, `東`), a red
//! five marked, its mjai name in `data-tile`; an action (a list of mjai events) is a verb and
//! its tiles.

use core::fmt::Write as _;

use mj_game::MjaiTile;
use serde_json::Value;

use super::text::escape;

/// One tile by its mjai name (`5mr`, `E`, `?`); a name this page does not know is shown as
/// written, escaped.
pub(crate) fn tile(name: &str) -> String {
    let (text, class, title) = match name {
        "E" => ("東".to_string(), "z", "east"),
        "S" => ("南".to_string(), "z", "south"),
        "W" => ("西".to_string(), "z", "west"),
        "N" => ("北".to_string(), "z", "north"),
        "P" => ("白".to_string(), "z wd", "white dragon"),
        "F" => ("發".to_string(), "z gd", "green dragon"),
        "C" => ("中".to_string(), "z rd", "red dragon"),
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
    let name = escape(name);
    let title = if title.is_empty() {
        name.clone()
    } else {
        format!("{title} ({name})")
    };
    format!(
        "<span class=\"t {class}\" data-tile=\"{name}\" title=\"{title}\">{}</span>",
        escape(&text)
    )
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

fn action_body(events: &[Value]) -> String {
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
                    " <small>(the drawn tile)</small>"
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

    use super::{action, tile};
    use serde_json::json;

    #[test]
    fn tiles_show_their_names_and_red_fives() {
        assert!(tile("3p").contains(">3p<"));
        assert!(tile("5sr").contains("class=\"t s red\""));
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
        assert!(riichi.contains("data-tile=\"5mr\""), "{riichi}");
        let pon =
            action(&[json!({"type":"pon","actor":1,"target":0,"pai":"E","consumed":["E","E"]})]);
        assert!(
            pon.contains("<b>pon</b>") && pon.matches("data-tile=\"E\"").count() == 3,
            "{pon}"
        );
        assert!(action(&[json!({"type":"none"})]).contains("<b>pass</b>"));
        let hostile = action(&[json!({"type":"<script>"})]);
        assert!(!hostile.contains("<script>"), "{hostile}");
    }
}
