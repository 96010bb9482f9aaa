//! The one error of the rooms, each variant a kind a server maps to its status.

/// Why a room refused a request or could not be stored or restored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomError {
    /// A request that does not say a valid thing (a bad field, an unknown player): 400.
    #[error("{0}")]
    BadRequest(String),
    /// The seat has nothing to decide now: 409.
    #[error("{0}")]
    NotYourTurn(String),
    /// The action is not one of the seat's legal actions now: 409.
    #[error("{0}")]
    Illegal(String),
    /// The match is over: 409.
    #[error("the game is over")]
    Over,
    /// A stored room that does not rebuild (an action the engine refuses, a spec this build
    /// does not know): the database was changed by something else.
    #[error("stored game does not rebuild: {0}")]
    Corrupt(String),
    /// The database failed (open, schema, write): nothing was acknowledged.
    #[error("database: {0}")]
    Database(String),
}

impl RoomError {
    /// A stable name for the error (the `kind` of a server's JSON error).
    pub fn kind(&self) -> &'static str {
        match self {
            RoomError::BadRequest(_) => "bad_request",
            RoomError::NotYourTurn(_) => "not_your_turn",
            RoomError::Illegal(_) => "illegal_action",
            RoomError::Over => "game_over",
            RoomError::Corrupt(_) => "corrupt_game",
            RoomError::Database(_) => "database",
        }
    }
}

impl From<rusqlite::Error> for RoomError {
    fn from(e: rusqlite::Error) -> RoomError {
        RoomError::Database(e.to_string())
    }
}
