//! Seats around the table, numbered from 0 clockwise.

use std::fmt;

/// A seat at the table. Seat numbers run clockwise from 0; games decide how
/// many seats they have, so arithmetic takes the player count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise at a table of `players`.
    pub const fn next(self, players: u8) -> Seat {
        Seat((self.0 + 1) % players)
    }

    /// The seat `k` places clockwise from this one.
    pub const fn offset(self, k: u8, players: u8) -> Seat {
        Seat((self.0 + k % players) % players)
    }

    /// The other seat of a two-player game.
    pub const fn opponent(self) -> Seat {
        Seat(self.0 ^ 1)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
