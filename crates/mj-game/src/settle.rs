//! The one place that calls the scorer (`mj_score::riichi`), and the payments of wins and
//! draws. When the scorer's types change, this file is what changes.

use mj_score::Win;
use mj_score::riichi::{Points, Score, ScoreError, Situation, WinFlags, Yaku, score};
use mj_tiles::{Meld, Piece, Tile};
use smallvec::SmallVec;

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

/// What a scored win pays and why (the parts of `mj_score::riichi::Score` the game keeps).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WinScore {
    /// Han (翻), 0 for a yakuman hand.
    pub han: u32,
    /// Fu (符), 0 for a yakuman hand.
    pub fu: u32,
    /// Number of yakuman (役満).
    pub yakuman: u32,
    /// The yaku by name with their han (yakuman with 0).
    pub yaku: SmallVec<[(String, u32); 8]>,
    /// Base payment: what the discarder pays on a ron, or the dealer / each other player on a
    /// tsumo, honba included.
    pub payments: Payments,
    /// Everything the winner receives, honba and sticks included.
    pub total: u32,
    /// The yakuman that make a liable player (包) answer: big three dragons or big four winds.
    /// When it is not 0 the liable player answers for the whole hand (a compound yakuman
    /// included): all of a tsumo, half of a ron by another seat and every honba.
    pub pao_yakuman: u32,
}

/// Who pays what on a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Payments {
    /// The discarder pays this.
    Ron(u32),
    /// The dealer pays the first (absent when the winner is the dealer), every other player
    /// the second.
    Tsumo(Option<u32>, u32),
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
