//! Discard recommendation (two engines behind one API) and call decisions.

use mj_tiles::{Meld, MeldKind, Piece, Tile, TileCounts};

use crate::hand::{AiError, HandView, ShapeRules};
use crate::ukeire::{DiscardOption, discard_preference};
use crate::value::{ValueWeights, tile_values};

/// Which recommendation engine to use.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Engine {
    /// The value method: discard the tile with the lowest value over every split of the hand
    /// (see [`tile_values`]).
    Value(ValueWeights),
    /// Tile efficiency (牌效): lowest shanten, then most live effective tiles, then the highest
    /// expected number of live effective tiles after the next useful draw (a second step).
    #[default]
    Efficiency,
}

/// One candidate discard as an engine ranks it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Candidate {
    /// The kind to discard.
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Live effective tiles after the discard.
    pub ukeire_count: u32,
    /// The engine's score: the tile's value (value method; lower is discarded first) or the
    /// expected live effective tiles after the next useful draw (efficiency; higher first).
    pub score: f64,
}

/// A recommendation: the discard and every candidate, best first.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Recommendation {
    /// The recommended discard.
    pub discard: Tile,
    /// All candidates, best first.
    pub ranking: Vec<Candidate>,
}

impl HandView {
    /// Recommends a discard for a `3k + 2` hand.
    ///
    /// ```
    /// use mj_ai::{Engine, HandView, ShapeRules, ValueWeights};
    /// use mj_tiles::TileCounts;
    /// let hand = HandView::parse("123m456p789s23555z")?;
    /// for engine in [Engine::Efficiency, Engine::Value(ValueWeights::DEFAULT)] {
    ///     let r = hand.recommend(ShapeRules::RIICHI, &TileCounts::EMPTY, &engine)?;
    ///     assert_eq!(r.discard.to_string(), "2z", "{engine:?}");
    /// }
    /// # Ok::<(), mj_ai::AiError>(())
    /// ```
    ///
    /// Errors: not `3k + 2` tiles, or `visible` adds a fifth copy.
    pub fn recommend(
        &self,
        rules: ShapeRules,
        visible: &TileCounts,
        engine: &Engine,
    ) -> Result<Recommendation, AiError> {
        let table = self.discards(rules, visible)?;
        let ranking: Vec<Candidate> = match engine {
            Engine::Value(weights) => {
                let values = tile_values(self, visible, weights);
                let mut c: Vec<Candidate> = table
                    .iter()
                    .map(|o| Candidate {
                        tile: o.tile,
                        shanten: o.shanten,
                        ukeire_count: o.ukeire_count,
                        score: if self.wild().contains(o.tile) {
                            f64::INFINITY
                        } else {
                            values[o.tile.index()]
                        },
                    })
                    .collect();
                c.sort_by(|a, b| {
                    a.score
                        .total_cmp(&b.score)
                        .then(discard_preference(a.tile).cmp(&discard_preference(b.tile)))
                        .then(a.tile.cmp(&b.tile))
                });
                c
            }
            Engine::Efficiency => {
                let best = table.first().map(|o| o.shanten).unwrap_or(i8::MAX);
                let mut c: Vec<Candidate> = table
                    .iter()
                    .map(|o| Candidate {
                        tile: o.tile,
                        shanten: o.shanten,
                        ukeire_count: o.ukeire_count,
                        score: if o.shanten == best && o.shanten >= 0 {
                            self.second_step(o, rules, visible)
                        } else {
                            0.0
                        },
                    })
                    .collect();
                c.sort_by(|a, b| {
                    a.shanten
                        .cmp(&b.shanten)
                        .then(b.ukeire_count.cmp(&a.ukeire_count))
                        .then(b.score.total_cmp(&a.score))
                        .then(discard_preference(a.tile).cmp(&discard_preference(b.tile)))
                        .then(a.tile.cmp(&b.tile))
                });
                c
            }
        };
        let discard = ranking
            .first()
            .map(|c| c.tile)
            .ok_or_else(|| self.size_error(true, "a recommendation"))?;
        Ok(Recommendation { discard, ranking })
    }

    /// Expected live effective tiles after drawing one of `option`'s effective tiles (weighted
    /// by live copies) and making the best discard then.
    fn second_step(&self, option: &DiscardOption, rules: ShapeRules, visible: &TileCounts) -> f64 {
        let Some(after) = self.without_tile(option.tile) else {
            return 0.0;
        };
        // The discarded copy is seen from now on.
        let mut seen = *visible;
        if seen.add(option.tile).is_err() {
            return 0.0;
        }
        let mut weight = 0.0;
        let mut total = 0.0;
        for t in option.ukeire {
            let live = f64::from(after.live(t, &seen));
            if live == 0.0 {
                continue;
            }
            let Some(drawn) = after.with_tile(t) else {
                continue;
            };
            let best = drawn
                .discards_unchecked(rules, &seen)
                .into_iter()
                .filter(|o| o.shanten < option.shanten)
                .map(|o| o.ukeire_count)
                .max()
                .unwrap_or(0);
            weight += live;
            total += live * f64::from(best);
        }
        if weight == 0.0 { 0.0 } else { total / weight }
    }
}

/// A call on another player's discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum CallKind {
    /// Win on the tile (荣和 / ロン).
    Win,
    /// Open kan (明杠) with three concealed copies.
    Kan,
    /// Pon (碰) with two concealed copies.
    Pon,
    /// Chi (吃) with two concealed tiles of a sequence (only from the player on the left).
    Chi,
    /// Let it go.
    Pass,
}

/// One evaluated way to respond to an offered tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CallOption {
    /// The call.
    pub call: CallKind,
    /// The concealed tiles the call uses (empty for win and pass), sorted.
    pub uses: [Option<Tile>; 3],
    /// The discard made after a pon or chi (the best one), if any.
    pub discard: Option<Tile>,
    /// Shanten after the call (and its discard); `-1` for a win.
    pub shanten: i8,
    /// Live effective tiles then.
    pub ukeire_count: u32,
}

/// The decision on an offered tile and every option that was weighed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CallDecision {
    /// The chosen option.
    pub best: CallOption,
    /// Every option, the chosen one first.
    pub options: Vec<CallOption>,
}

impl HandView {
    /// Decides what to do with `offered`, discarded by the player `from` seats to the left
    /// (1..=3; chi only from 1), for a `3k + 1` hand.
    ///
    /// Each call is compared with passing by (shanten, live effective tiles) after the call and
    /// its best discard. The policy: win whenever the tile completes the hand; otherwise call
    /// only if it lowers the shanten (pon and chi open the hand, so an equal shanten is not
    /// worth it); a kan is taken when it keeps the shanten and does not lose effective tiles.
    /// Every option is returned, so a caller with another policy can choose for itself.
    ///
    /// ```
    /// use mj_ai::{CallKind, HandView, ShapeRules};
    /// use mj_tiles::TileCounts;
    /// // 1-shanten; a pon of 6z leaves 123m 456p 78s 99s after discarding 5z: ready.
    /// let hand = HandView::parse("123m456p78s99s5z66z")?;
    /// let none = TileCounts::EMPTY;
    /// let d = hand.decide_call("6z".parse()?, 2, ShapeRules::RIICHI, &none)?;
    /// assert_eq!(d.best.call, CallKind::Pon);
    /// let d = hand.decide_call("5z".parse()?, 2, ShapeRules::RIICHI, &none)?;
    /// assert_eq!(d.best.call, CallKind::Pass);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Errors: not `3k + 1` tiles, `from` outside 1..=3, or a fifth copy with `visible`.
    pub fn decide_call(
        &self,
        offered: Tile,
        from: u8,
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Result<CallDecision, AiError> {
        self.require_size(false, "a call decision")?;
        if !(1..=3).contains(&from) {
            return Err(AiError::InvalidCall {
                call: "call",
                tile: offered,
                reason: "the discarder is 1, 2 or 3 seats to the left",
            });
        }
        self.check_visible(visible)?;
        // The offered tile is seen by everyone.
        let mut seen = *visible;
        seen.add(offered).map_err(|_| AiError::FifthCopy {
            tile: offered,
            place: "the hand, its melds, the visible tiles and the offered tile",
        })?;
        self.check_visible(&seen)?;

        let here = self.effective_tiles(rules, &seen)?;
        let pass = CallOption {
            call: CallKind::Pass,
            uses: [None; 3],
            discard: None,
            shanten: here.shanten,
            ukeire_count: here.count,
        };
        let mut options = vec![pass];
        if let Some(won) = self.with_tile(offered)
            && won.shanten(rules).shanten == -1
        {
            options.push(CallOption {
                call: CallKind::Win,
                uses: [None; 3],
                discard: None,
                shanten: -1,
                ukeire_count: 0,
            });
        }
        let wild = self.wild().contains(offered);
        let held = if wild { 0 } else { self.real().get(offered) };
        if held >= 3 {
            options.extend(self.evaluate_call(
                CallKind::Kan,
                MeldKind::Minkan,
                offered,
                &[offered; 3],
                rules,
                visible,
            ));
        }
        if held >= 2 {
            options.extend(self.evaluate_call(
                CallKind::Pon,
                MeldKind::Pon,
                offered,
                &[offered; 2],
                rules,
                visible,
            ));
        }
        if from == 1 && !offered.is_honor() && !wild {
            let r = offered.rank() as i8;
            for (a, b) in [(-2i8, -1i8), (-1, 1), (1, 2)] {
                let pick = |d: i8| -> Option<Tile> {
                    let rank = r + d;
                    if !(1..=9).contains(&rank) {
                        return None;
                    }
                    let t = Tile::from_suit_rank(offered.suit(), rank as u8)?;
                    (self.real().get(t) > 0).then_some(t)
                };
                if let (Some(x), Some(y)) = (pick(a), pick(b)) {
                    options.extend(self.evaluate_call(
                        CallKind::Chi,
                        MeldKind::Chi,
                        offered,
                        &[x, y],
                        rules,
                        visible,
                    ));
                }
            }
        }

        // The policy: a win always; a kan if it keeps the shanten and the effective tiles; a
        // pon or chi only if it lowers the shanten. Among acceptable calls the lowest shanten,
        // then the most effective tiles; otherwise pass (option 0).
        let acceptable = |o: &CallOption| match o.call {
            CallKind::Win => true,
            CallKind::Kan => o.shanten <= pass.shanten && o.ukeire_count >= pass.ukeire_count,
            CallKind::Pon | CallKind::Chi => o.shanten < pass.shanten,
            CallKind::Pass => false,
        };
        let rank = |o: &CallOption| {
            (
                o.call != CallKind::Win,
                o.shanten,
                core::cmp::Reverse(o.ukeire_count),
            )
        };
        let mut best_index = 0;
        for (i, o) in options.iter().enumerate().skip(1) {
            if acceptable(o) && (best_index == 0 || rank(o) < rank(&options[best_index])) {
                best_index = i;
            }
        }
        let best = options.remove(best_index);
        options.insert(0, best);
        Ok(CallDecision { best, options })
    }

    fn evaluate_call(
        &self,
        call: CallKind,
        kind: MeldKind,
        offered: Tile,
        from_hand: &[Tile],
        rules: ShapeRules,
        visible: &TileCounts,
    ) -> Option<CallOption> {
        let mut tiles: Vec<Piece> = from_hand.iter().map(|&t| Piece::new(t)).collect();
        tiles.push(Piece::new(offered));
        let meld = Meld::new(kind, &tiles, Some(Piece::new(offered)), None).ok()?;
        let after = self.with_meld(&meld, from_hand)?;
        let mut uses = [None; 3];
        let mut sorted = from_hand.to_vec();
        sorted.sort();
        for (slot, t) in uses.iter_mut().zip(sorted) {
            *slot = Some(t);
        }
        if after.is_discard_size() {
            let mut table = after.discards_unchecked(rules, visible);
            crate::ukeire::sort_discards(&mut table);
            let best = table.first()?;
            Some(CallOption {
                call,
                uses,
                discard: Some(best.tile),
                shanten: best.shanten,
                ukeire_count: best.ukeire_count,
            })
        } else {
            let e = after.effective_tiles(rules, visible).ok()?;
            Some(CallOption {
                call,
                uses,
                discard: None,
                shanten: e.shanten,
                ukeire_count: e.count,
            })
        }
    }
}
