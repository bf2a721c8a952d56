//! Why a table refused something. Every refusal changes nothing.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The table's configuration is not playable.
    Config(String),
    /// The action was decided on an older version of the table.
    Stale { acted_on: u64, current: u64 },
    /// The seat is not the one to move (or nobody is).
    NotYourTurn { seat: u8, to_move: Option<u8> },
    /// The rules refuse the action (or cannot read it).
    Illegal(String),
    /// The table is finished; nothing more happens at it.
    Finished,
    /// An event does not follow from the log before it (a damaged store).
    Corrupt(String),
    /// There is no such action to take back (the message says which).
    NothingToUndo(&'static str),
    /// A checked event offered to another table than the one that checked
    /// it, or after an undo there: it must be checked again.
    NotCheckedHere,
}

impl TableError {
    /// A short machine-readable name, used as the protocol's reject code.
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Config(_) => "bad_config",
            TableError::Stale { .. } => "stale",
            TableError::NotYourTurn { .. } => "not_your_turn",
            TableError::Illegal(_) => "illegal",
            TableError::Finished => "finished",
            TableError::Corrupt(_) => "corrupt",
            TableError::NothingToUndo(_) => "nothing_to_undo",
            TableError::NotCheckedHere => "not_checked_here",
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Config(e) => write!(f, "bad table: {e}"),
            TableError::Stale { acted_on, current } => write!(
                f,
                "the action was made on version {acted_on}, but the table is at version {current}"
            ),
            TableError::NotYourTurn {
                seat,
                to_move: Some(m),
            } => write!(f, "seat {seat} is not to move (seat {m} is)"),
            TableError::NotYourTurn {
                seat,
                to_move: None,
            } => write!(f, "seat {seat} is not to move (nobody is)"),
            TableError::Illegal(e) => write!(f, "{e}"),
            TableError::Finished => write!(f, "the table is finished"),
            TableError::Corrupt(e) => write!(f, "the table's log is damaged: {e}"),
            TableError::NothingToUndo(e) => f.write_str(e),
            TableError::NotCheckedHere => f.write_str(
                "the event was checked on another table, or before an undo: check it again",
            ),
        }
    }
}

impl std::error::Error for TableError {}
