//! A round's head: its label, result and the seat's score change, the reviewed seat's
//! starting hand, the dora indicators and each seat's river, all read from the round's events.

use core::fmt::Write as _;

use mj_game::{Event, MjaiTile};

use crate::model::{Review, RoundReview};

use super::text::{escape, seat_name, signed};
use super::tiles::{tile, tiles};

/// One discard in a river.
struct Discarded {
    pai: MjaiTile,
    tsumogiri: bool,
    riichi: bool,
    /// Another seat called it.
    called: bool,
}

/// The rivers of `players` seats and the dora indicators, from the events.
fn rivers(events: &[Event], players: usize) -> (Vec<Vec<Discarded>>, Vec<MjaiTile>) {
    let mut rivers: Vec<Vec<Discarded>> = (0..players.max(1)).map(|_| Vec::new()).collect();
    let mut dora = Vec::new();
    let mut riichi_next = [false; 4];
    let mut last: Option<usize> = None;
    for e in events {
        match e {
            Event::StartKyoku { dora_marker, .. } | Event::Dora { dora_marker } => {
                dora.push(*dora_marker);
            }
            Event::Reach { actor } => {
                if let Some(r) = riichi_next.get_mut(usize::from(*actor)) {
                    *r = true;
                }
            }
            Event::Dahai {
                actor,
                pai,
                tsumogiri,
            } => {
                let a = usize::from(*actor);
                let riichi = riichi_next.get_mut(a).map(core::mem::take).unwrap_or(false);
                if let Some(river) = rivers.get_mut(a) {
                    river.push(Discarded {
                        pai: *pai,
                        tsumogiri: *tsumogiri,
                        riichi,
                        called: false,
                    });
                    last = Some(a);
                }
            }
            Event::Chi { target, .. }
            | Event::Pon { target, .. }
            | Event::Daiminkan { target, .. } => {
                if last == Some(usize::from(*target))
                    && let Some(d) = rivers
                        .get_mut(usize::from(*target))
                        .and_then(|r| r.last_mut())
                {
                    d.called = true;
                }
                last = None;
            }
            Event::Tsumo { .. } => last = None,
            _ => {}
        }
    }
    (rivers, dora)
}

/// The round's head and board, opening its `<section>` (the caller closes it).
pub(crate) fn head(review: &Review, index: usize, round: &RoundReview) -> String {
    let delta_class = match round.delta {
        d if d > 0 => "up",
        d if d < 0 => "down",
        _ => "even",
    };
    let mut out = format!(
        "<section class=\"round\" id=\"r{index}\" data-round=\"{index}\">\
         <h2>{label}{game} <span class=\"delta {delta_class}\">{delta}</span></h2>\
         <p class=\"result\">{result}</p>",
        label = escape(&round.label),
        game = if review.rounds.iter().any(|r| r.game > 0) {
            format!(" <small>game {}</small>", round.game + 1)
        } else {
            String::new()
        },
        delta = signed(round.delta),
        result = escape(&round.result),
    );
    let players = usize::from(review.players).clamp(1, 4);
    let (rivers, dora) = rivers(&round.events, players);
    out.push_str("<div class=\"board\">");
    if let Some(Event::StartKyoku { tehais, scores, .. }) = round.events.first() {
        let mut hand: Vec<MjaiTile> = tehais
            .get(usize::from(review.seat))
            .map(|h| h.to_vec())
            .unwrap_or_default();
        hand.sort_by_key(|t| t.tile_id().unwrap_or(u8::MAX));
        let _ = write!(
            out,
            "<div class=\"start\"><span class=\"k\">starting hand</span> {} \
             <span class=\"k\">dora</span> {} <span class=\"k\">score</span> {}</div>",
            tiles(&hand),
            tiles(&dora),
            scores.get(usize::from(review.seat)).copied().unwrap_or(0)
        );
    }
    out.push_str("<div class=\"rivers\">");
    for (seat, river) in rivers.iter().enumerate() {
        let seat = seat as u8;
        let me = if seat == review.seat { " me" } else { "" };
        let _ = write!(
            out,
            "<div class=\"river{me}\" data-river=\"{seat}\"><span class=\"who\">{}</span> ",
            seat_name(&review.names, seat)
        );
        for d in river {
            let mut classes = Vec::new();
            if d.tsumogiri {
                classes.push("tg");
            }
            if d.riichi {
                classes.push("rc");
            }
            if d.called {
                classes.push("cl");
            }
            if classes.is_empty() {
                out.push_str(&tile(&d.pai.to_string()));
            } else {
                let _ = write!(
                    out,
                    "<span class=\"{}\">{}</span>",
                    classes.join(" "),
                    tile(&d.pai.to_string())
                );
            }
        }
        out.push_str("</div>");
    }
    out.push_str("</div>");
    out.push_str(&ends(review, &round.events));
    out.push_str("</div>");
    out
}

/// Each win's yaku, fu and han (and ura dora), each draw's seats in tenpai.
fn ends(review: &Review, events: &[Event]) -> String {
    let mut out = String::new();
    for e in events {
        match e {
            Event::Hora {
                actor,
                pai,
                uradora_markers,
                yakus,
                fu,
                fan,
                yakuman,
                ..
            } => {
                let yaku: Vec<String> = yakus
                    .iter()
                    .map(|(name, han)| {
                        // A yakuman's yaku carry 0: their count is `yakuman`.
                        if *yakuman > 0 {
                            escape(name)
                        } else {
                            format!("{} {han}", escape(name))
                        }
                    })
                    .collect();
                let value = if *yakuman > 0 {
                    format!("yakuman ×{yakuman}")
                } else {
                    format!("{fu} fu {fan} han")
                };
                let _ = write!(
                    out,
                    "<div class=\"end\" data-win=\"{actor}\"><span class=\"k\">{} wins on</span> \
                     {} {} · {value}",
                    seat_name(&review.names, *actor),
                    tile(&pai.to_string()),
                    yaku.join(", "),
                );
                if !uradora_markers.is_empty() {
                    let _ = write!(
                        out,
                        " <span class=\"k\">ura</span> {}",
                        tiles(uradora_markers)
                    );
                }
                out.push_str("</div>");
            }
            Event::Ryukyoku { tenpais, .. } => {
                let ready: Vec<String> = (0..review.players.min(4))
                    .filter(|&s| tenpais[usize::from(s)])
                    .map(|s| seat_name(&review.names, s))
                    .collect();
                let _ = write!(
                    out,
                    "<div class=\"end\"><span class=\"k\">in tenpai</span> {}</div>",
                    if ready.is_empty() {
                        "nobody".to_string()
                    } else {
                        ready.join(", ")
                    }
                );
            }
            _ => {}
        }
    }
    out
}
