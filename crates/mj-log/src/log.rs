//! The one model of a log, whatever its format: the games it holds, each round as
//! `mj_game::Event`s (mjai's words: the same events the engine writes), and beside them what
//! the log says that is not an event: the players' names, the rules (a Tenhou room, a preset,
//! or nothing), which fields of each result the log states, the wall when the log gives it,
//! and the end of the match.

use mj_game::{Event, GameRules, Length};

/// The formats [`crate::read`] knows ([`crate::detect`] tells them apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Tenhou's mjlog XML (`<mjloggm>`), the wall from its `SHUFFLE` seed.
    TenhouXml,
    /// tenhou.net/6 JSON: one game (`{"log": [...]}`), or one game or round per line.
    Tenhou6,
    /// mjai JSON Lines: libriichi's arena (Mortal, mjai.app), the original mjai, and this
    /// project's own logs (`mj game`: riichi, Sichuan, 红中, MCR).
    Mjai,
    /// Botzone / IJCAI Chinese Standard Mahjong, the line form (`Match`, `Player p Draw`, ...).
    Botzone,
    /// Botzone's own JSON match log (the judge's displays and `initdata`).
    BotzoneMatch,
}

impl Format {
    /// A short name: `mjlog`, `tenhou6`, `mjai`, `botzone`, `botzone-match`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::TenhouXml => "mjlog",
            Format::Tenhou6 => "tenhou6",
            Format::Mjai => "mjai",
            Format::Botzone => "botzone",
            Format::BotzoneMatch => "botzone-match",
        }
    }
}

/// A log read: its format and the games in it (most logs hold one; a tenhou.net/6 file of one
/// game per line, or a Botzone file of many matches, holds several).
#[derive(Clone, Debug, PartialEq)]
pub struct GameLog {
    /// The format it was read from.
    pub format: Format,
    /// The games, in order.
    pub games: Vec<Game>,
}

/// One game (a match, or a single hand for Botzone) of a log.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The game's id when the log names one (Botzone's match id).
    pub id: Option<String>,
    /// Player names by seat, as the log writes them (empty when it names nobody).
    pub names: Vec<String>,
    /// The game's title when the log gives one (tenhou.net/6's `title` array, its non-empty
    /// parts joined by ` / `); text from the log, to be escaped wherever it is shown.
    pub title: Option<String>,
    /// What the log says about its rules.
    pub rules: LogRules,
    /// The rounds in order (kyoku; MCR's hands).
    pub rounds: Vec<Round>,
    /// The end of the match as the log states it; `None` for a log cut off before it.
    pub end: Option<GameEnd>,
}

/// The rules of a game, as far as its log says them.
#[derive(Clone, Debug, PartialEq)]
pub enum LogRules {
    /// The log states them (a Tenhou room, libriichi's arena).
    Known {
        /// The rules.
        rules: GameRules,
        /// The match's length, when the log says it (`None`: rounds are checked one by one,
        /// not the match around them).
        length: Option<Length>,
        /// What they are, in words (`tenhou room 0xa9`, `libriichi arena`).
        source: String,
        /// The log was written by libriichi's arena: its known departures from Tenhou's
        /// rules are reported as named differences, not mismatches (`replay`).
        libriichi: bool,
    },
    /// The log shows its flow but not its preset (our own Sichuan, 红中 and MCR logs, Botzone
    /// without `walltiles`): the replay tries these in order and keeps the first every round
    /// matches under.
    Candidates(Vec<GameRules>),
    /// The log does not state them (mjai logs): the replay needs a preset
    /// ([`crate::ReplayOptions::rules`]).
    Unstated {
        /// Seats the log shows (3 or 4).
        players: u8,
    },
    /// The log names rules this engine does not model: the game is refused, and why.
    Unsupported(String),
}

/// The end of a match as a log states it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameEnd {
    /// Final scores by seat, riichi sticks left on the table included (Tenhou's `owari`,
    /// tenhou.net/6 `sc`, mjai `end_game`'s `scores` when written).
    pub scores: Option<Vec<i32>>,
    /// Final points (uma and oka) as written (`52.0` or `52`).
    pub points: Option<Vec<f64>>,
}

/// One round of a game: its events from `start_kyoku` (first) to `end_kyoku` (last, when the
/// round ended), with what the log says beside them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Round {
    /// The events, in the log's order.
    pub events: Vec<Event>,
    /// For each result event (`hora`, `ryukyoku`), by index in `events`: which of its fields
    /// the log states. Fields the log does not state hold defaults and are not compared.
    pub stated: Vec<(usize, Fields)>,
    /// The wall as Tenhou ids in the flow's layout, when the log gives it (an mjlog's shuffle;
    /// Botzone's `walltiles`); otherwise the replay builds one from what the events show.
    pub wall: Option<Vec<u8>>,
    /// Botzone's judge: whether each seat could win on a tile, at a decision of the round.
    pub judge: Vec<JudgeNote>,
    /// Botzone's judge: the tiles left in each own wall at the end (`tileCnt`).
    pub walls_left: Option<Vec<i64>>,
}

impl Round {
    /// The fields the log states of the event at `index`; none when it is no result.
    pub fn stated_at(&self, index: usize) -> Fields {
        self.stated
            .iter()
            .find(|(i, _)| *i == index)
            .map_or(Fields::NONE, |&(_, f)| f)
    }
}

/// Which fields of a result event a log states (a bit set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fields(u16);

impl Fields {
    /// Nothing.
    pub const NONE: Fields = Fields(0);
    /// `deltas`: every seat's change.
    pub const DELTAS: Fields = Fields(1);
    /// `scores` after the event.
    pub const SCORES: Fields = Fields(1 << 1);
    /// A win's han (`fan`) and number of yakuman.
    pub const HAN: Fields = Fields(1 << 2);
    /// A win's fu.
    pub const FU: Fields = Fields(1 << 3);
    /// A win's yaku (fans) by name with their value.
    pub const YAKU: Fields = Fields(1 << 4);
    /// A win's ura dora indicators.
    pub const URA: Fields = Fields(1 << 5);
    /// A draw's kind (`reason`).
    pub const KIND: Fields = Fields(1 << 6);
    /// A draw's ready seats (`tenpais`).
    pub const TENPAI: Fields = Fields(1 << 7);
    /// With [`DELTAS`](Self::DELTAS): each win's own changes (mjai), not only the round's
    /// sum (Tenhou's converters differ on a double ron).
    pub const EACH: Fields = Fields(1 << 8);
    /// Every field: the event is the engine's own word for word (our own logs).
    pub const ALL: Fields = Fields(0x1ff);

    /// `true` when every field of `f` is stated.
    pub const fn has(self, f: Fields) -> bool {
        self.0 & f.0 == f.0
    }

    /// Both sets.
    #[must_use]
    pub const fn with(self, f: Fields) -> Fields {
        Fields(self.0 | f.0)
    }
}

/// Botzone's judge at one decision of a round: the fan each seat would win with on the tile
/// just drawn or just offered (`canHu`: -3 no win, -4 not asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeNote {
    /// The decision (its index among the round's logged decisions: discards, calls, kongs,
    /// wins) the note goes with.
    pub decision: usize,
    /// `false`: before that decision (a draw's tile, the drawer to decide); `true`: right
    /// after it (a discarded or added tile on offer).
    pub after: bool,
    /// One value per seat.
    pub can_hu: [i64; 4],
}
