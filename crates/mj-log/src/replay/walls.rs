//! Walls built from what a round's events show, for logs that do not give theirs: the
//! starting hands put back where they were dealt, every draw where the flow draws it (the
//! live wall, or after a kan / kita / flower the replacement end), the indicators where they
//! lie; the tiles never seen fill the rest. Ids are handed out per kind in the order the tiles
//! appear (a red five its copy 0).

use mj_game::{Event, GameRules, MCR_TILES, MjaiTile, Wall, is_flower};
use mj_tiles::TileId;

use crate::tenhou::TenhouWallLayout;

/// Hands out ids: per kind the lowest copy not yet used, a red five its copy 0 (and a plain
/// five, with red fives, one of copies 1..3).
struct Ids {
    used: [bool; MCR_TILES],
    reds: bool,
}

impl Ids {
    fn new(reds: bool) -> Ids {
        Ids {
            used: [false; MCR_TILES],
            reds,
        }
    }

    fn take(&mut self, t: MjaiTile) -> Result<u8, String> {
        let id = t.tile_id().ok_or("a hidden tile")?;
        if is_flower(id) {
            if self.used[usize::from(id)] {
                return Err(format!("{t} twice"));
            }
            self.used[usize::from(id)] = true;
            return Ok(id);
        }
        let k = id / 4;
        let red = TileId::new(id).is_some_and(TileId::is_red);
        let copies: &[u8] = match (red, self.reds, matches!(k, 4 | 13 | 22)) {
            (true, true, _) => &[0],
            (true, false, _) => return Err(format!("{t} in a game without red fives")),
            (false, true, true) => &[1, 2, 3],
            _ => &[0, 1, 2, 3],
        };
        let c = copies
            .iter()
            .copied()
            .find(|&c| !self.used[usize::from(k * 4 + c)])
            .ok_or_else(|| format!("a fifth {t}"))?;
        self.used[usize::from(k * 4 + c)] = true;
        Ok(k * 4 + c)
    }

    /// The ids of `0..size` not used yet (among `allowed`), lowest first.
    fn rest<'a>(
        &'a self,
        size: usize,
        allowed: impl Fn(u8) -> bool + 'a,
    ) -> impl Iterator<Item = u8> + 'a {
        (0..size as u8).filter(move |&id| allowed(id) && !self.used[usize::from(id)])
    }
}

/// A riichi round's wall in Tenhou's layout ([`TenhouWallLayout`]), four or three players.
pub(super) fn riichi(events: &[Event], players: u8, reds: bool) -> Result<Wall, String> {
    let layout = TenhouWallLayout::new(players).ok_or("3 or 4 players")?;
    let Some(Event::StartKyoku {
        oya,
        dora_marker,
        tehais,
        ..
    }) = events.first()
    else {
        return Err("no start_kyoku".into());
    };
    let mut ids = Ids::new(reds);
    let mut pos = vec![255u8; layout.len()];
    let mut put = |at: Option<usize>, t: MjaiTile, ids: &mut Ids| -> Result<(), String> {
        let at = at.ok_or("more tiles than the wall holds")?;
        if pos[at] != 255 {
            return Err(format!("wall position {at} given twice"));
        }
        pos[at] = ids.take(t)?;
        Ok(())
    };
    for seat in 0..players {
        for (k, &t) in tehais[usize::from(seat)].iter().enumerate() {
            put(layout.deal_index(*oya, seat, k), t, &mut ids)?;
        }
    }
    put(layout.dora_index(0), *dora_marker, &mut ids)?;
    let (mut live, mut repl, mut doras) = (0usize, 0usize, 1usize);
    let mut kan_by: Option<u8> = None;
    let mut ura: &[MjaiTile] = &[];
    for e in events {
        match e {
            Event::Tsumo { actor, pai } => {
                let at = if kan_by == Some(*actor) {
                    repl += 1;
                    layout.rinshan_index(repl - 1)
                } else {
                    live += 1;
                    layout.live_index(live - 1, repl)
                };
                put(at, *pai, &mut ids)?;
                kan_by = None;
            }
            Event::Daiminkan { actor, .. }
            | Event::Ankan { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Nukidora { actor, .. } => kan_by = Some(*actor),
            Event::Dora { dora_marker } => {
                put(layout.dora_index(doras), *dora_marker, &mut ids)?;
                doras += 1;
            }
            Event::Hora {
                uradora_markers, ..
            } => {
                if uradora_markers.len() > ura.len() {
                    ura = uradora_markers;
                }
                kan_by = None;
            }
            Event::Reach { .. } | Event::ReachAccepted { .. } => {}
            _ => kan_by = None,
        }
    }
    for (k, &t) in ura.iter().enumerate() {
        put(layout.ura_index(k), t, &mut ids)?;
    }
    let three = players == 3;
    let mut rest = ids.rest(136, |id| !three || !(4..32).contains(&id));
    for slot in &mut pos {
        if *slot == 255 {
            *slot = rest.next().ok_or("the wall does not add up")?;
        }
    }
    if three {
        Wall::sanma_from_ids(&pos).map_err(|e| e.to_string())
    } else {
        Wall::from_ids(&pos).map_err(|e| e.to_string())
    }
}

/// Puts the starting hands of the round's `start_kyoku` back into `pos` the way they were
/// dealt (four rounds of four tiles from the dealer on, then one each), from the last position
/// down; returns the highest position not dealt.
fn deal_back(
    events: &[Event],
    pos: &mut [u8],
    mut take: impl FnMut(MjaiTile) -> Result<u8, String>,
) -> Result<usize, String> {
    let Some(Event::StartKyoku { oya, tehais, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let mut at = pos.len() - 1;
    let mut next = [0usize; 4];
    for pass in 0..4 {
        for k in 0..4u8 {
            let seat = usize::from((oya + k) & 3);
            for _ in 0..if pass < 3 { 4 } else { 1 } {
                let t = *tehais[seat]
                    .get(next[seat])
                    .ok_or("a starting hand is short")?;
                pos[at] = take(t)?;
                next[seat] += 1;
                at -= 1;
            }
        }
    }
    Ok(at)
}

/// 红中's kind (7z).
const RED: u8 = 33;

/// A Sichuan (or, `wild`, 红中) round's wall: 108 suited tiles, or 112 with the four 红中
/// (ids 132..136). The birds of `zhuaniao` go back into the live wall where they were turned.
pub(super) fn sichuan(events: &[Event], wild: bool) -> Result<Wall, String> {
    let parked = if wild { 24usize } else { 28 };
    let mut ids = Ids::new(false);
    let take = |t: MjaiTile, ids: &mut Ids| -> Result<u8, String> {
        let k = t.tile_id().map(|id| id / 4);
        match k {
            Some(k) if k < 27 || (k == RED && wild) => ids.take(t),
            Some(RED) => Err(format!("{t} in a game without wildcards")),
            _ => Err(format!("{t} is not a Sichuan tile")),
        }
    };
    let mut pos = [255u8; 136];
    let mut live = deal_back(events, &mut pos, |t| take(t, &mut ids))?;
    let mut rinshan = parked;
    let mut after_kong = false;
    for e in events {
        match e {
            Event::Tsumo { pai, .. } => {
                let p = if after_kong {
                    rinshan += 1;
                    rinshan - 1
                } else {
                    live -= 1;
                    live + 1
                };
                if !(parked..=83).contains(&p) || pos[p] != 255 {
                    return Err("more draws than the wall holds".into());
                }
                pos[p] = take(*pai, &mut ids)?;
                after_kong = false;
            }
            Event::Zhuaniao { pai, .. } => {
                // The birds: the next live tiles, turned over, not drawn.
                for (d, t) in pai.iter().enumerate() {
                    let p = live
                        .checked_sub(d)
                        .filter(|&p| p >= parked && pos[p] == 255);
                    let p = p.ok_or("more birds than the wall holds")?;
                    pos[p] = take(*t, &mut ids)?;
                }
            }
            Event::Ankan { .. } | Event::Daiminkan { .. } | Event::Kakan { .. } => {
                after_kong = true;
            }
            Event::Hora { .. } => after_kong = false,
            _ => {}
        }
    }
    let mut rest = ids.rest(136, |id| id < 108 || (wild && id >= 132));
    for p in pos.iter_mut().skip(parked) {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    if wild {
        Wall::hongzhong_from_ids(&pos[parked..]).map_err(|e| e.to_string())
    } else {
        Wall::sichuan_from_ids(&pos[parked..]).map_err(|e| e.to_string())
    }
}

/// An MCR hand's wall sequence as `rules` lay it out (144 positions with flowers, 136
/// without; one shared wall, or own walls); flowers keep their own ids.
pub(super) fn mcr(events: &[Event], rules: &GameRules) -> Result<Vec<u8>, String> {
    let size = if rules.mcr.mcr_flowers {
        MCR_TILES
    } else {
        136
    };
    let mut ids = Ids::new(false);
    let mut pos = vec![255u8; size];
    if rules.mcr.mcr_own_walls {
        own_walls_back(events, &mut pos, &mut ids)?;
    } else {
        let at = deal_back(events, &mut pos, |t| ids.take(t))?;
        let (mut live, mut back) = (at, 0usize);
        let mut from_back = false;
        for e in events {
            match e {
                Event::Tsumo { pai, .. } => {
                    let p = if from_back {
                        back += 1;
                        back - 1
                    } else {
                        live = live
                            .checked_sub(1)
                            .ok_or("more draws than the wall holds")?;
                        live + 1
                    };
                    if p >= size || pos[p] != 255 {
                        return Err("more draws than the wall holds".into());
                    }
                    pos[p] = ids.take(*pai)?;
                    from_back = false;
                }
                Event::Hua { .. }
                | Event::Ankan { .. }
                | Event::Daiminkan { .. }
                | Event::Kakan { .. } => from_back = true,
                Event::Hora { .. } => from_back = false,
                _ => {}
            }
        }
    }
    let mut rest = ids.rest(size, |_| true);
    for p in &mut pos {
        if *p == 255 {
            *p = rest.next().ok_or("the wall does not add up")?;
        }
    }
    Ok(pos)
}

/// Puts every tile the seats took back into their own walls (see `mj_game::round::mcr`): the
/// seat `k` places after the dealer took its starting hand and then each of its `tsumo`s from
/// the top of positions `k*q .. (k+1)*q`.
fn own_walls_back(events: &[Event], pos: &mut [u8], ids: &mut Ids) -> Result<(), String> {
    let Some(Event::StartKyoku { oya, tehais, .. }) = events.first() else {
        return Err("no start_kyoku".into());
    };
    let q = pos.len() / 4;
    let mut taken = [0usize; 4];
    let mut put = |seat: u8, t: MjaiTile, pos: &mut [u8], ids: &mut Ids| -> Result<(), String> {
        let k = usize::from((seat + 4 - (oya & 3)) & 3);
        let j = taken[k];
        taken[k] += 1;
        if j >= q {
            return Err(format!("seat {seat} takes more than its wall of {q} holds"));
        }
        pos[k * q + q - 1 - j] = ids.take(t)?;
        Ok(())
    };
    for (seat, hand) in (0..4u8).zip(tehais) {
        for &t in hand {
            put(seat, t, pos, ids)?;
        }
    }
    for e in events {
        if let Event::Tsumo { actor, pai } = e {
            put(*actor & 3, *pai, pos, ids)?;
        }
    }
    Ok(())
}
