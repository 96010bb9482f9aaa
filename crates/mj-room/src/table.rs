//! What a seat (or a spectator) is answered: the mjai events of its view, its legal reactions
//! and the table drawn from its [`SeatView`]: its own concealed tiles, and of the others only
//! what lies face up (rivers, melds, kita) and how many tiles they hold.
//!
//! Nothing here reads another seat's concealed tiles: the events go through
//! [`mj_game::Event::view`], the table through the viewer's `SeatView`, and the other seats'
//! hand sizes are counts.

use mj_game::{MjaiTile, Seat};
use serde_json::{Value, json};

use crate::room::{Room, SPECTATOR};

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// The answer of `GET /api/games/{id}` for `viewer` ([`SPECTATOR`] for a spectator), with
/// the events from `since` on.
pub fn state(room: &Room, viewer: Seat, since: usize) -> Value {
    let spec = room.spec();
    let (events, next) = room.events(viewer, since);
    let seat = (viewer != SPECTATOR).then_some(viewer);
    // Who is awaited, as far as the viewer may know: a seat deciding on another's tile (a call
    // or a ron on offer) is awaited in secret, or its waiting would tell that it can call.
    let to_act: Vec<Seat> = room
        .game()
        .to_act()
        .iter()
        .filter(|&s| s == viewer || room.game().view(s).offer().is_none())
        .collect();
    json!({
        "rules": spec.rules,
        "length": spec.length,
        "players": spec.seats.len(),
        "seats": spec.seats.iter().map(|s| s.name()).collect::<Vec<_>>(),
        "names": spec.names,
        "seat": seat,
        "events": events,
        "next": next,
        "legal": seat.map(|s| room.legal(s)).unwrap_or_default(),
        "to_act": to_act,
        "done": room.is_over(),
        "scores": room.scores(),
        "table": table(room, viewer),
    })
}

/// The table as `viewer` sees it.
pub fn table(room: &Room, viewer: Seat) -> Value {
    let own = viewer != SPECTATOR;
    // A spectator sees what seat 0 sees minus seat 0's hand: rivers, melds and the round are
    // the same from every seat.
    let Some(view) = room.view(if own { viewer } else { 0 }) else {
        return Value::Null;
    };
    let reds = view.rules().red_fives;
    let name = |id: u8| MjaiTile::id(id, reds);
    let players = room.spec().seats.len() as u8;
    let round = room.game().round();
    let seats: Vec<Value> = (0..players)
        .map(|s| {
            let river: Vec<Value> = view
                .river(s)
                .iter()
                .map(|r| {
                    json!({"pai": name(r.tile), "tsumogiri": r.tsumogiri, "riichi": r.riichi,
                           "called": r.called})
                })
                .collect();
            let melds: Vec<Value> = view
                .melds(s)
                .iter()
                .map(|m| {
                    let tiles: Vec<MjaiTile> = m
                        .ids
                        .iter()
                        .filter(|&&i| i != 255)
                        .map(|&i| name(i))
                        .collect();
                    json!({
                        "type": meld_type(m.meld.kind()),
                        "pai": tiles,
                        "called": (m.called != 255).then(|| name(m.called)),
                        "from": m.from,
                    })
                })
                .collect();
            json!({
                "score": view.scores()[usize::from(s)],
                "wind": WINDS[usize::from(view.seat_wind(s) & 3)],
                "hand_count": round.player(s).hand_ids().count(),
                "riichi": view.in_riichi(s),
                "river": river,
                "melds": melds,
                "kita": view.kita(s).iter().map(|&i| name(i)).collect::<Vec<_>>(),
                "lack": view.lack(s).map(|suit| suit.letter().to_string()),
                "won": view.has_won(s),
            })
        })
        .collect();
    let (hand, drawn, offer) = if own {
        let mut ids: Vec<u8> = view.hand_ids().collect();
        ids.sort_unstable();
        (
            json!(ids.into_iter().map(name).collect::<Vec<_>>()),
            json!(view.drawn().map(name)),
            json!(
                view.offer()
                    .map(|o| json!({"pai": name(o.tile), "from": o.from}))
            ),
        )
    } else {
        (Value::Null, Value::Null, Value::Null)
    };
    json!({
        "bakaze": WINDS[usize::from(view.round_wind() & 3)],
        "kyoku": view.dealer() + 1,
        "honba": view.honba(),
        "kyotaku": view.sticks(),
        "oya": view.dealer(),
        "dora_markers": view.dora_indicators().map(name).collect::<Vec<_>>(),
        "left": view.live_left(),
        "hand": hand,
        "drawn": drawn,
        "offer": offer,
        "players": seats,
    })
}

fn meld_type(kind: mj_tiles::MeldKind) -> &'static str {
    use mj_tiles::MeldKind;
    match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Minkan => "daiminkan",
        MeldKind::Ankan => "ankan",
        MeldKind::Kakan => "kakan",
    }
}
