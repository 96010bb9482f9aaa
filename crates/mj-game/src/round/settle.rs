//! Riichi settlement: the one place that calls the scorer (`mj_score::riichi`), and the
//! payments of wins (honba, sticks, pao) and draws (tenpai payments, nagashi mangan), with the
//! round's result. When the scorer's types change, this file is what changes. The Chinese
//! flows pay through their ledger (`super::ledger`).

use mj_score::Win;
use mj_score::riichi::{Points, Score, ScoreError, Situation, WinFlags, Yaku, score};
use mj_tiles::{Meld, Piece, Tile};
use smallvec::SmallVec;

use super::state::{DrawKind, Phase, RoundEnd, RoundResult, Table, WinRecord};
pub use super::state::{Payments, WinScore};
use crate::action::Seat;
use crate::mjai::{Event, MjaiTile};
use crate::rules::GameRules;

/// Everything about a win the scorer needs beyond the tiles.
#[derive(Clone, Debug, Default)]
pub(crate) struct WinContext {
    pub tsumo: bool,
    pub flags: WinFlags,
    pub seat_wind: u8,
    pub round_wind: u8,
    pub dora: SmallVec<[Tile; 5]>,
    pub ura: SmallVec<[Tile; 5]>,
    pub honba: u32,
    pub sticks: u32,
    /// Norths the winner set aside (抜きドラ): a dora each.
    pub kita: u32,
}

fn wind(i: u8) -> Tile {
    Tile::new(27 + (i & 3)).unwrap_or(Tile::EAST)
}

/// Scores a win: concealed pieces (winning tile included), melds, the winning tile.
pub(crate) fn score_win(
    rules: &GameRules,
    concealed: &[Piece],
    melds: &[Meld],
    win_tile: Tile,
    ctx: &WinContext,
) -> Result<WinScore, ScoreError> {
    let mut win =
        Win::from_pieces(concealed, melds, win_tile).map_err(|e| ScoreError::FifthCopy(e.tile))?;
    win.tsumo = ctx.tsumo;
    win.seat_wind = wind(ctx.seat_wind);
    win.round_wind = wind(ctx.round_wind);
    // Three players: the scorer counts the kita (a dora each), pays two players, takes
    // `rinshan` on a kita's replacement draw and reads a 1m indicator as pointing at 9m (its
    // `RiichiRules::players`, `Situation::kita`); the indicators are passed as they lie.
    let situation = Situation {
        flags: ctx.flags,
        dora: ctx.dora.clone(),
        ura: ctx.ura.clone(),
        honba: ctx.honba,
        riichi_sticks: ctx.sticks,
        kita: u8::try_from(ctx.kita).unwrap_or(u8::MAX),
    };
    let s: Score = score(&win, &situation, &rules.riichi_rules())?;
    let payments = match s.points {
        Points::Ron { ron, .. } => Payments::Ron(ron),
        Points::Tsumo { dealer, others, .. } => Payments::Tsumo(dealer, others),
    };
    Ok(WinScore {
        han: s.han,
        fu: s.fu,
        yakuman: s.yakuman,
        yaku: s
            .yaku
            .iter()
            .map(|e| (e.yaku.name().to_string(), u32::from(e.han)))
            .collect(),
        payments,
        total: s.points.total(),
        pao_yakuman: pao_yakuman(&s),
    })
}

/// The yakuman a liable player (包) may answer for: big three dragons, big four winds.
fn pao_yakuman(s: &Score) -> u32 {
    s.yaku
        .iter()
        .filter(|e| matches!(e.yaku, Yaku::Daisangen | Yaku::Daisuushii))
        .map(|e| u32::from(e.yakuman.max(1)))
        .sum()
}

impl Table {
    /// Pays the wins on one tile (`wins`: winner, payer, tile, score; in turn order from the
    /// discarder), logs their `hora`, and ends the round. `ura`: the ura dora indicators under
    /// the dora turned, for winners in riichi.
    pub(super) fn finish_wins(
        &mut self,
        wins: SmallVec<[(Seat, Seat, u8, WinScore); 3]>,
        ura: &[u8],
    ) {
        let mut deltas = [0i32; 4];
        let mut records: Vec<WinRecord> = Vec::with_capacity(wins.len());
        let dealer = self.setup.dealer;
        let honba = i32::try_from(self.setup.honba).unwrap_or(i32::MAX / 1000);
        for (i, (seat, from, tile, score)) in wins.into_iter().enumerate() {
            let mut wd = [0i32; 4];
            let w = usize::from(seat);
            let first = i == 0;
            // The scorer was given every honba and every stick; take back what this winner
            // does not get.
            let sticks = if first { 1000 * self.sticks as i32 } else { 0 };
            let honba_paid = if first || !self.rules.riichi.honba_to_first_winner {
                honba
            } else {
                0
            };
            let pao = self.players[w].pao.filter(|_| score.pao_yakuman > 0);
            match score.payments {
                Payments::Ron(ron) => {
                    let honba_due = self.rules.honba_value() * honba_paid;
                    let hand = ron as i32 - self.rules.honba_value() * honba;
                    match pao {
                        // The liable seat pays half the hand (the whole hand, a compound
                        // yakuman included) and every honba; the discarder the other half.
                        Some(p) if p != from => {
                            let half = hand / 2;
                            wd[usize::from(p)] -= half + honba_due;
                            wd[usize::from(from)] -= hand - half;
                        }
                        _ => wd[usize::from(from)] -= hand + honba_due,
                    }
                    wd[w] += hand + honba_due + sticks;
                }
                Payments::Tsumo(d, o) => {
                    let mut got = 0;
                    for x in 0..self.n() {
                        if x == seat {
                            continue;
                        }
                        let pay = if x == dealer { d.unwrap_or(o) } else { o } as i32;
                        got += pay;
                        match pao {
                            Some(p) => wd[usize::from(p)] -= pay,
                            None => wd[usize::from(x)] -= pay,
                        }
                    }
                    wd[w] += got + sticks;
                }
            }
            let ura = if self.players[w].riichi {
                SmallVec::from_slice(ura)
            } else {
                SmallVec::new()
            };
            for (d, x) in deltas.iter_mut().zip(wd) {
                *d += x;
            }
            records.push(WinRecord {
                seat,
                from,
                tile,
                score,
                pao,
                ura,
                deltas: wd,
            });
        }
        self.sticks = 0;
        let dealer_keeps = records.iter().any(|r| r.seat == dealer);
        for (score, d) in self.scores.iter_mut().zip(deltas) {
            *score += d;
        }
        if self.log.is_some() {
            let mut scores = self.scores;
            for (s, d) in scores.iter_mut().zip(deltas) {
                *s -= d;
            }
            for r in &records {
                let reds = self.rules.red_fives;
                for (s, d) in scores.iter_mut().zip(r.deltas) {
                    *s += d;
                }
                let ev = Event::Hora {
                    actor: r.seat,
                    target: r.from,
                    pai: MjaiTile::id(r.tile, reds),
                    uradora_markers: r.ura.iter().map(|&i| MjaiTile::id(i, reds)).collect(),
                    yakus: r.score.yaku.iter().cloned().collect(),
                    fu: r.score.fu,
                    fan: r.score.han,
                    yakuman: r.score.yakuman,
                    hora_points: r.score.total,
                    deltas: r.deltas,
                    scores,
                    pao: None,
                };
                self.emit(ev);
            }
            self.emit(Event::EndKyoku);
        }
        self.result = Some(RoundResult {
            end: RoundEnd::Wins(records),
            deltas,
            scores: self.scores,
            sticks: 0,
            dealer_keeps,
            sichuan: None,
        });
        self.phase = Phase::Over;
    }

    /// An abortive draw: no payments, the dealer keeps the seat.
    pub(super) fn finish_draw(&mut self, kind: DrawKind) {
        self.finish_draw_with(kind, [false; 4], [0; 4]);
    }

    fn finish_draw_with(&mut self, kind: DrawKind, tenpai: [bool; 4], deltas: [i32; 4]) {
        for (score, d) in self.scores.iter_mut().zip(deltas) {
            *score += d;
        }
        let dealer_keeps = match kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => {
                tenpai[usize::from(self.setup.dealer)]
            }
            _ => true,
        };
        if self.log.is_some() {
            self.emit(Event::Ryukyoku {
                reason: kind.name().to_string(),
                tenpais: tenpai,
                deltas,
                scores: self.scores,
            });
            self.emit(Event::EndKyoku);
        }
        self.result = Some(RoundResult {
            end: RoundEnd::Draw { kind, tenpai },
            deltas,
            scores: self.scores,
            sticks: self.sticks,
            dealer_keeps,
            sichuan: None,
        });
        self.phase = Phase::Over;
    }

    /// The live wall is empty: nagashi mangan, else the tenpai payments.
    pub(super) fn finish_exhaustive(&mut self) {
        let n = usize::from(self.n());
        let tenpai: [bool; 4] =
            core::array::from_fn(|s| s < n && !self.players[s].waits.is_empty());
        let mut deltas = [0i32; 4];
        let nagashi: SmallVec<[usize; 4]> = (0..n)
            .filter(|&s| {
                self.rules.riichi.nagashi_mangan
                    && self.players[s].nagashi
                    && !self.players[s].river.is_empty()
            })
            .collect();
        if !nagashi.is_empty() {
            let dealer = usize::from(self.setup.dealer);
            for &w in &nagashi {
                for x in 0..n {
                    if x == w {
                        continue;
                    }
                    let pay = if w == dealer || x == dealer {
                        4000
                    } else {
                        2000
                    };
                    deltas[x] -= pay;
                    deltas[w] += pay;
                }
            }
            self.finish_draw_with(DrawKind::NagashiMangan, tenpai, deltas);
            return;
        }
        // 3,000 with four players, 2,000 with three, split between ready and not-ready seats.
        let seats = n as i32;
        let pot = 1000 * (seats - 1);
        let t = tenpai.iter().filter(|&&t| t).count() as i32;
        if t > 0 && t < seats {
            for (d, &r) in deltas.iter_mut().zip(&tenpai).take(n) {
                *d = if r { pot / t } else { -pot / (seats - t) };
            }
        }
        self.finish_draw_with(DrawKind::Exhaustive, tenpai, deltas);
    }
}
