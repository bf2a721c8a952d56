//! What a consequential move does, said before it is made: one text for
//! every front end (the terminal asks y/n, the browser asks before it
//! sends), told from the mover's observation and its game's options, so
//! that it is true under every option (a moon that must take 165 points,
//! a failed close that always costs 3).

use talon_cards::{Card, Suit};
use talon_rules::na_sixty_six::MoonScoring;
use talon_rules::sixty_six::FailedClose;
use talon_rules::AnyObservation;

/// What `action` (in the game's notation) does, for the seat whose
/// observation `obs` is; `None` for a move that needs no warning (an
/// ordinary card, a pass).
pub fn consequence(obs: &AnyObservation, action: &str) -> Option<String> {
    let words: Vec<&str> = action.split_whitespace().collect();
    match (obs, words.as_slice()) {
        (AnyObservation::SixtySix(o), ["close"]) => {
            let penalty = match o.options.failed_close {
                FailedClose::AlwaysThree => "3 game points",
                FailedClose::AtClosing | FailedClose::AtEnd => "2 or 3 game points",
            };
            Some(format!(
                "Close the talon: no more drawing, and strict play from now on (follow suit and beat the card led if you can). Reach 66, or your opponent scores {penalty}."
            ))
        }
        (AnyObservation::SixtySix(_), ["declare"]) => Some(
            "Declare 66: the deal ends now. With fewer than 66 points your opponent scores 2 or 3 game points."
                .into(),
        ),
        (AnyObservation::Pedro(o), ["bid", "double"]) => Some(format!(
            "Bid double: your side must take all the points, and the deal scores {} times over either way.",
            o.options.double_factor
        )),
        (AnyObservation::Pedro(_), ["bid", n]) => Some(format!(
            "Bid {n}: your side contracts to take at least {n} points; falling short loses the bid."
        )),
        // North American bids count in 33s, and three hands play alone.
        (AnyObservation::NaSixtySix(o), ["bid", n]) => {
            let k: u32 = n.parse().ok()?;
            let who = if o.players == 3 { "you" } else { "your side" };
            Some(format!(
                "Bid {n}: {who} must take at least {} points ({n} × 33); falling short loses the bid.",
                33 * k
            ))
        }
        (AnyObservation::NaSixtySix(o), ["moon"]) => Some(match o.options.moon_scoring {
            MoonScoring::AllTricks => {
                "Shoot the moon: you play alone, your partner sits out, and you must take every trick."
                    .into()
            }
            MoonScoring::Points165 => {
                "Shoot the moon: you play alone, your partner sits out, and you must take 165 points (5 × 33)."
                    .into()
            }
        }),
        (AnyObservation::Pedro(_), ["trump", s]) => {
            let suit = s.chars().next().and_then(Suit::from_char)?;
            Some(format!("Make {} trumps.", Suit::name(suit)))
        }
        (AnyObservation::Pedro(_), ["dump"]) => Some(
            "Dump: your remaining cards all go into this trick, and you take no further part in the deal."
                .into(),
        ),
        (AnyObservation::NaSixtySix(o), [card]) => first_lead_names_trumps(o, card),
        _ => None,
    }
}

/// In North American Sixty-six without a turned card, the bidder's first
/// lead names trumps: said before a card is led.
fn first_lead_names_trumps(
    o: &talon_rules::na_sixty_six::NaObservation,
    card: &str,
) -> Option<String> {
    if o.trump.is_some() || !o.trick.is_empty() || !o.history.is_empty() {
        return None;
    }
    let suit = card.trim_end_matches('+').parse::<Card>().ok()?.suit()?;
    Some(format!(
        "This first lead names trumps: {} become trumps for the deal.",
        Suit::name(suit)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_cards::Seat;
    use talon_rules::{AnyGame, Preset, Setup};

    fn said(preset: Preset, options: &[(&str, &str)], action: &str) -> String {
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let obs = AnyGame::new(preset, &options, &Setup::Seed(1))
            .unwrap()
            .observe(Seat(0))
            .unwrap();
        consequence(&obs, action).unwrap_or_default()
    }

    #[test]
    fn a_north_american_bid_says_its_points_and_who_plays_it() {
        let four = said(Preset::NaSixtySix, &[], "bid 2");
        assert!(
            four.contains("your side must take at least 66 points"),
            "{four}"
        );
        let three = said(Preset::NaSixtySix3, &[], "bid 3");
        assert!(
            three.contains("you must take at least 99 points"),
            "{three}"
        );
        let pedro = said(Preset::SixtyThree, &[], "bid 45");
        assert!(pedro.contains("at least 45 points"), "{pedro}");
    }

    /// The words follow the options: what a moon must take, what a failed
    /// close costs, how much a double bid multiplies.
    #[test]
    fn what_a_move_costs_is_told_under_the_games_options() {
        let moon = said(Preset::NaSixtySix, &[], "moon");
        assert!(moon.contains("every trick"), "{moon}");
        let moon = said(
            Preset::NaSixtySix,
            &[("moon_scoring", "points_165")],
            "moon",
        );
        assert!(moon.contains("165 points"), "{moon}");
        let close = said(Preset::Schnapsen, &[], "close");
        assert!(
            close.ends_with("your opponent scores 2 or 3 game points."),
            "{close}"
        );
        let close = said(
            Preset::Schnapsen,
            &[("failed_close", "always_three")],
            "close",
        );
        assert!(
            close.ends_with("your opponent scores 3 game points."),
            "{close}"
        );
        let double = said(Preset::EightyThree, &[], "bid double");
        assert!(double.contains("scores 2 times over"), "{double}");
        assert_eq!(said(Preset::Schnapsen, &[], "QS"), "");
        assert_eq!(said(Preset::SixtyThree, &[], "pass"), "");
    }

    /// The words never read as a card (the privacy checks read "as" as the
    /// ace of spades): at every decision of random deals of every preset.
    #[test]
    fn no_text_reads_as_a_card() {
        for preset in Preset::ALL {
            let mut g = AnyGame::new(preset, &[], &Setup::Seed(3)).unwrap();
            let mut n = 0;
            while let Some(seat) = g.to_move() {
                let obs = g.observe(seat).unwrap();
                let legal = g.legal_actions();
                for a in &legal {
                    let text = consequence(&obs, a).unwrap_or_default();
                    assert!(crate::cards_named(&text).is_empty(), "{preset}: {text:?}");
                }
                g.play(&legal[n % legal.len()]).unwrap();
                n += 7;
            }
        }
    }
}
