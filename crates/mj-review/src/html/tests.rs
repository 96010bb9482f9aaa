#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::{Value, json};

use super::{STYLE, Style, body, render, render_with};
use crate::model::Review;

const HOSTILE: &str = "<script>alert(1)</script>";

/// A small review of two rounds and three decisions, with log strings that are markup.
fn review() -> Review {
    let hand = |s: &str| -> Vec<Value> { s.split(' ').map(|t| json!(t)).collect() };
    let start = json!({"type":"start_kyoku","bakaze":"E","dora_marker":"3p","kyoku":1,"honba":0,
        "kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[
        hand("1m 2m 3m 5mr 6m 7p 8p 9p 1s 1s E E C"), hand("? ? ? ? ? ? ? ? ? ? ? ? ?"),
        hand("? ? ? ? ? ? ? ? ? ? ? ? ?"), hand("? ? ? ? ? ? ? ? ? ? ? ? ?")]});
    let discard = |t: &str| json!([{"type":"dahai","actor":0,"pai":t,"tsumogiri":false}]);
    let candidate = |t: &str, rank: usize, risk: f64| {
        json!({"action": discard(t), "shanten": 1, "ukeire": {"kinds":["4m","7m"],"tiles":7},
            "improved": 9.5, "risk": {"total": risk, "against": [{"seat":1,"risk":risk,
            "reasons":["suji", HOSTILE]}]}, "score": 1.0 / rank as f64, "rank": rank})
    };
    let decision = |index: usize, round: usize, agree: bool| {
        json!({"index":index,"round":round,"situation":"turn","kind":"discard",
            "hand":["1m","2m","3m","5mr","6m","7p","8p","9p","1s","1s","E","E","C"],"drawn":"4s",
            "melds":[],"offered":null,"shanten":1,"furiten":false,"tiles_left":60,
            "threats":[{"seat":1,"riichi":true,"weight":1.0}],
            "actual": discard(if agree { "C" } else { "E" }),"advised": discard("C"),"agree":agree,
            "candidates":[candidate("C",1,0.01), candidate("E",2,0.2)],"actual_index":usize::from(!agree),
            "error": if agree { Value::Null } else { json!(HOSTILE) },
            "severity": if agree { 0.0 } else { 1.0 }, "reason": format!("reason {HOSTILE}")})
    };
    serde_json::from_value(json!({
        "version":1,"format":"mjlog","rules":HOSTILE,"players":4,
        "names":[HOSTILE,"b&amp;","\"c\"","d'"],"seat":0,"player":"defense",
        "rounds":[
            {"game":0,"label":"E1","events":[start,
                {"type":"tsumo","actor":0,"pai":"4s"},{"type":"reach","actor":0},
                {"type":"dahai","actor":0,"pai":"C","tsumogiri":false}],
             "result":HOSTILE,"delta":-1000,"decisions":[0,2]},
            {"game":0,"label":"E2","events":[],"result":"exhaustive draw","delta":0,"decisions":[2,3]}],
        "decisions":[decision(0,0,true), decision(1,0,false), decision(2,1,false)],
        "summary":{"decisions":3,"agreed":1,"by_kind":[{"kind":"discard","decisions":3,"agreed":1}],
            "errors":[[HOSTILE,2]],"curve":[[0,0.0],[1,1.0],[2,2.0]],"severity":2.0}
    }))
    .expect("the test's review is valid JSON of a Review")
}

/// The values of `attr="..."` in the page, in order.
fn attrs<'a>(page: &'a str, attr: &str) -> Vec<&'a str> {
    let key = format!(" {attr}=\"");
    page.match_indices(&key)
        .map(|(at, _)| {
            let rest = &page[at + key.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

#[test]
fn one_element_per_decision_with_its_index_and_agreement() {
    let r = review();
    let page = render(&r);
    assert_eq!(attrs(&page, "data-decision"), ["0", "1", "2"]);
    assert_eq!(attrs(&page, "data-agree"), ["true", "false", "false"]);
    // Each decision's actual and advised events are in the page as its data.
    for d in &r.decisions {
        let actual = super::text::escape(&serde_json::to_string(&d.actual).unwrap());
        assert!(page.contains(&actual), "decision {}: {actual}", d.index);
    }
    // The red five of the starting hand is marked; the riichi discard is turned.
    assert!(page.contains("<i class=\"t m red\" title=\"red five\">5m</i>"));
    assert!(page.contains("<span class=\"rc\"><i class=\"t z rd\""));
}

#[test]
fn strings_from_the_log_are_escaped() {
    let page = render(&review());
    assert!(!page.contains("<script"), "a raw <script> in the page");
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(
        page.contains("b&amp;amp;"),
        "an entity in a name is shown as written"
    );
    assert!(page.contains("&quot;c&quot;") && page.contains("d&#39;"));
    // Outside the escapes, every tag is one the renderer writes.
    for tag in page.split('<').skip(1) {
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '!')
            .collect();
        assert!(
            [
                "!doctype", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2",
                "ul", "li", "b", "dl", "dt", "dd", "div", "table", "thead", "tbody", "tr", "th",
                "td", "svg", "line", "text", "path", "a", "circle", "nav", "small", "input",
                "label", "main", "section", "p", "span", "article", "details", "summary", "br",
                "i",
            ]
            .contains(&name.as_str()),
            "unexpected tag <{name}"
        );
    }
}

#[test]
fn nothing_is_fetched() {
    let page = render(&review());
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert!(!page.contains("src=") && !page.contains("url("));
    assert!(!page.contains("<script") && !page.contains("<link") && !page.contains("@import"));
    for href in attrs(&page, "href") {
        assert!(href.starts_with('#'), "a link out of the page: {href}");
    }
    assert!(page.contains("<meta name=\"viewport\""));
}

#[test]
fn the_page_with_linked_css_is_the_same_report_without_inline_style() {
    let r = review();
    let (inline, linked, report) = (
        render(&r),
        render_with(&r, Style::Linked("/assets/review.css?v=\"1\"")),
        body(&r),
    );
    assert_eq!(inline, render_with(&r, Style::Inline));
    assert!(inline.contains(&format!("<style>{STYLE}</style>")));
    assert!(!linked.contains("<style") && !report.contains("<style"));
    assert!(
        linked.contains(r#"<link rel="stylesheet" href="/assets/review.css?v=&quot;1&quot;">"#)
    );
    assert!(inline.contains(&report) && linked.contains(&format!("<body>{report}</body>")));
    assert!(report.starts_with("<header") && report.ends_with("</main>"));
    assert_eq!(attrs(&report, "data-decision").len(), r.decisions.len());
    // A CSP without 'unsafe-inline' forbids style attributes too.
    assert!(!report.contains(" style="));
}

#[test]
fn an_empty_review_is_a_page() {
    let mut r = review();
    r.rounds.clear();
    r.decisions.clear();
    r.summary = Default::default();
    let page = render(&r);
    assert!(page.contains("No decision to chart") && page.ends_with("</html>"));
    assert!(attrs(&page, "data-decision").is_empty());
}

/// A real Tenhou Phoenix game (`$MJ_LOGS`, else `../shared/logs` beside the repository), its
/// first player renamed to markup, reviewed and rendered; `None` (said) when the logs are absent.
fn real_page() -> Option<(Review, String)> {
    let logs = std::env::var_os("MJ_LOGS").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/logs"),
        std::path::PathBuf::from,
    );
    let path = logs.join("tenhou-phoenix-2020/2020010100gm-00a9-0000-03aa14b0.mjlog");
    let Ok(xml) = std::fs::read_to_string(&path) else {
        eprintln!(
            "{} is absent: the page of a real game was not checked",
            path.display()
        );
        return None;
    };
    // Tenhou writes names URL-encoded: n0="%3Cscript%3E..." is `<script>...`.
    let at = xml.find(" n0=\"").expect("the log names its players") + 5;
    let end = at + xml[at..].find('"').unwrap();
    let xml = format!(
        "{}%3Cscript%3Ealert(1)%3C%2Fscript%3E{}",
        &xml[..at],
        &xml[end..]
    );
    let review = crate::review_bytes(xml.as_bytes(), &crate::ReviewOptions::default())
        .expect("the Phoenix game is reviewed");
    assert_eq!(review.names[0], HOSTILE, "the name is read back as markup");
    let page = render(&review);
    Some((review, page))
}

#[test]
fn a_real_game_page_has_every_decision_and_no_markup_from_the_log() {
    let Some((review, page)) = real_page() else {
        return;
    };
    let expected: Vec<String> = (0..review.decisions.len()).map(|i| i.to_string()).collect();
    assert_eq!(attrs(&page, "data-decision"), expected);
    assert!(
        review.decisions.len() > 100,
        "{} decisions",
        review.decisions.len()
    );
    assert!(!page.contains("<script"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.contains("http://") && !page.contains("https://") && !page.contains("src="));
    for href in attrs(&page, "href") {
        assert!(href.starts_with('#'), "a link out of the page: {href}");
    }
    // One section per round, each river of four seats.
    assert_eq!(attrs(&page, "data-round").len(), review.rounds.len());
    assert_eq!(attrs(&page, "data-river").len(), 4 * review.rounds.len());
}
