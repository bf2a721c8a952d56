//! One way to weigh a game's target, shared by every family's search: a
//! finished deal is worth its margin (game points, ticks, score margin)
//! while the game or match goes on, and a win or a loss worth more than
//! any margin one deal can bring when the deal decides it. Each family
//! says whether a deal decides the game by its own rules' score sheet
//! (Pedro's "bidder goes out", North American ticks to the target, the
//! Sixty-six family's game points to the match target).
//!
//! Lexicographic, not a model of the chance of winning. In the Sixty-six
//! family neither this nor match equity has yet beaten searching lone
//! deals over whole matches (docs/strength.md), so its expert applies the
//! rule to closing and declaring only.

use std::ops::Neg;

/// What a finished deal is worth to one side: `margin` while the game goes
/// on; `beyond` (more than any margin) if the deal won the game for the
/// side (`decided == Some(true)`), `-beyond` if it lost it.
pub fn stake<T: Neg<Output = T>>(margin: T, decided: Option<bool>, beyond: T) -> T {
    match decided {
        None => margin,
        Some(true) => beyond,
        Some(false) => -beyond,
    }
}

#[cfg(test)]
mod tests {
    use super::stake;

    #[test]
    fn a_decided_game_outweighs_any_margin() {
        assert_eq!(stake(2, None, 4), 2);
        assert_eq!(stake(1, Some(true), 4), 4);
        assert_eq!(stake(3, Some(false), 4), -4);
        assert_eq!(stake(-0.5, Some(false), 99.0), -99.0);
    }
}
