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
    /// The yakuman a liable player (包) answers for: big three dragons or big four winds.
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
    let mut flags = ctx.flags;
    // Three players: a win on a kita's replacement tile is rinshan kaihou (as on Tenhou) but
    // the scorer wants a kan for it; haitei is the same one-han tsumo yaku, so the scorer is
    // asked for haitei and the entry renamed.
    let kita_rinshan =
        rules.players == 3 && flags.rinshan && !melds.iter().any(|m| m.kind().tile_count() == 4);
    if kita_rinshan {
        flags.rinshan = false;
        flags.haitei = true;
    }
    let situation = Situation {
        flags,
        dora: ctx.dora.clone(),
        ura: ctx.ura.clone(),
        honba: ctx.honba,
        riichi_sticks: ctx.sticks,
    };
    let s: Score = score(&win, &situation, &rules.riichi_rules())?;
    if rules.players == 3 {
        return Ok(three_player(rules, &s, ctx, kita_rinshan));
    }
    let payments = match s.points {
        Points::Ron { ron, .. } => Payments::Ron(ron),
        Points::Tsumo { dealer, others, .. } => Payments::Tsumo(dealer, others),
    };
    let mut pao_yakuman = 0;
    for e in &s.yaku {
        if matches!(e.yaku, Yaku::Daisangen | Yaku::Daisuushii) {
            pao_yakuman += u32::from(e.yakuman.max(1));
        }
    }
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
        pao_yakuman,
    })
}

fn pao_yakuman(s: &Score) -> u32 {
    s.yaku
        .iter()
        .filter(|e| matches!(e.yaku, Yaku::Daisangen | Yaku::Daisuushii))
        .map(|e| u32::from(e.yakuman.max(1)))
        .sum()
}

/// Basic points (基本点) of a hand: yakuman count, else han and fu with the limits.
fn basic_points(rules: &GameRules, han: u32, fu: u32, yakuman: u32) -> u32 {
    if yakuman > 0 {
        return 8000 * yakuman;
    }
    match han {
        13.. if rules.kazoe_yakuman => 8000,
        11.. => 6000,
        8.. => 4000,
        6.. => 3000,
        5 => 2000,
        _ => {
            let b = fu << (han + 2);
            let kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if b >= 2000 || kiriage { 2000 } else { b }
        }
    }
}

fn ceil100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// A three-player win: the scorer's han plus one per kita (no kita on a yakuman hand), and
/// the payments of two payers. A ron pays as with four players; on a tsumo each payer pays
/// its four-player share and the absent seat's share is not paid (ツモ損, `tsumo_loss`) or is
/// split between the two payers (each half rounded up to 100). Honba: 100 per counter from
/// each payer, 200 per counter on a ron.
///
/// A kita is a north, so it also counts once per dora (and, in riichi, ura) indicator that
/// indicates the north (a west indicator).
fn three_player(rules: &GameRules, s: &Score, ctx: &WinContext, kita_rinshan: bool) -> WinScore {
    let west = |t: &&Tile| **t == Tile::WEST;
    let per_kita = 1 + ctx.dora.iter().filter(west).count() + ctx.ura.iter().filter(west).count();
    let kita = if s.yakuman == 0 {
        ctx.kita * per_kita as u32
    } else {
        0
    };
    let han = s.han + kita;
    let b = basic_points(rules, han, s.fu, s.yakuman);
    let dealer = ctx.seat_wind == 0;
    let honba = ctx.honba.saturating_mul(100);
    let (payments, paid) = if !ctx.tsumo {
        let ron = ceil100(b * if dealer { 6 } else { 4 }) + 2 * honba;
        (Payments::Ron(ron), ron)
    } else if dealer {
        let mut each = ceil100(2 * b);
        if !rules.tsumo_loss {
            each += ceil100(each / 2);
        }
        (Payments::Tsumo(None, each + honba), 2 * (each + honba))
    } else {
        let (mut d, mut o) = (ceil100(2 * b), ceil100(b));
        if !rules.tsumo_loss {
            let half = ceil100(o / 2);
            d += half;
            o += half;
        }
        (
            Payments::Tsumo(Some(d + honba), o + honba),
            d + o + 2 * honba,
        )
    };
    let mut yaku: SmallVec<[(String, u32); 8]> = s
        .yaku
        .iter()
        .map(|e| {
            let y = if kita_rinshan && e.yaku == Yaku::Haitei {
                Yaku::Rinshan
            } else {
                e.yaku
            };
            (y.name().to_string(), u32::from(e.han))
        })
        .collect();
    if kita > 0 {
        yaku.push(("kita".to_string(), kita));
    }
    WinScore {
        han: if s.yakuman > 0 { 0 } else { han },
        fu: s.fu,
        yakuman: s.yakuman,
        yaku,
        payments,
        total: paid + 1000 * ctx.sticks,
        pao_yakuman: pao_yakuman(s),
    }
}

/// Basic points of `n` yakuman paid by one liable player: the ron value, dealer or not.
pub(crate) fn yakuman_ron_value(n: u32, dealer: bool) -> u32 {
    8000 * n * if dealer { 6 } else { 4 }
}
