//! Deal and action notation: round trips (proptest) and typed errors.

use proptest::prelude::*;
use talon_cards::{Card, Deck, Seat, Suit};
use talon_rules::sixty_six::{Action, Deal, DealError, SixtySix, SixtySixMatch, SixtySixOptions};
use talon_rules::{AnyGame, Game, Preset, Setup};

const DEAL_A: &str = "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/JH";

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        prop::sample::select(Deck::TwentyFour.ordered()).prop_map(Action::Play),
        prop::sample::select(Suit::ALL.to_vec()).prop_map(Action::Meld),
        Just(Action::Exchange),
        Just(Action::Close),
        Just(Action::Declare),
        Just(Action::Draw),
    ]
}

proptest! {
    #[test]
    fn seeded_deals_round_trip(seed in any::<u64>(), five in any::<bool>(), dealer in 0u8..2) {
        let hand = if five { 5 } else { 6 };
        let deal = Deal::from_seed(seed, hand, Seat(dealer));
        prop_assert!(deal.validate(hand).is_ok());
        let text = deal.to_string();
        let back: Deal = text.parse().unwrap();
        prop_assert_eq!(&back, &deal);
        prop_assert_eq!(Deal::from_seed(seed, hand, Seat(dealer)), deal, "same seed, same deal");
    }

    #[test]
    fn actions_round_trip(a in any_action()) {
        prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        prop_assert_eq!(a.to_string().to_lowercase().parse::<Action>().unwrap(), a);
    }

    #[test]
    fn garbage_never_panics(text in ".{0,40}") {
        let _ = text.parse::<Action>();
        let _ = text.parse::<Deal>();
        let _ = AnyGame::new(Preset::SixtySix, &[], &Setup::Deal(text.clone()));
    }
}

#[test]
fn seeds_are_stable_across_versions() {
    // Pinned: a change here means every recorded seed now means another deal.
    assert_eq!(
        Deal::from_seed(42, 6, Seat(1)).to_string(),
        "1/9C QC 9D KD AH QS/TD JD AD QH TS KS/KC QD TH TC AC 9S JC 9H KH JH AS/JS"
    );
}

#[test]
fn deal_errors_name_the_problem() {
    type Check = fn(&DealError) -> bool;
    let cases: &[(&str, Check)] = &[
        ("1/9C", |e| matches!(e, DealError::Fields { found: 2 })),
        (
            "2/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/JH",
            |e| matches!(e, DealError::Dealer(_)),
        ),
        (
            "1/9C TC AC QH KH/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS JS/JH",
            |e| {
                matches!(
                    e,
                    DealError::HandSize {
                        seat: 0,
                        found: 5,
                        expected: 6
                    }
                )
            },
        ),
        (
            "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS/JH",
            |e| {
                matches!(
                    e,
                    DealError::TalonSize {
                        found: 10,
                        expected: 11
                    }
                )
            },
        ),
        (
            "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS 2S/JH",
            |e| matches!(e, DealError::NotInDeck(_)),
        ),
        (
            "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/AS",
            |e| matches!(e, DealError::Repeated(_)),
        ),
        (
            "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/JH QD",
            |e| matches!(e, DealError::TrumpCard(_)),
        ),
        (
            "1/9C TC AC QH KH XS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/JH",
            |e| matches!(e, DealError::Card(_)),
        ),
    ];
    for (text, check) in cases {
        let err = text
            .parse::<Deal>()
            .and_then(|d| SixtySix::new(&d, SixtySixOptions::SIXTY_SIX).map(|_| d))
            .expect_err(text);
        assert!(check(&err), "{text}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
    assert!(SixtySix::new(&DEAL_A.parse().unwrap(), SixtySixOptions::SIXTY_SIX).is_ok());
    // A 24-card deal is not a Schnapsen deal.
    let e = SixtySix::new(&DEAL_A.parse().unwrap(), SixtySixOptions::SCHNAPSEN).unwrap_err();
    assert!(matches!(e, DealError::HandSize { .. }), "{e:?}");
}

#[test]
fn ten_outranks_king() {
    let c = |s: &str| s.parse::<Card>().unwrap();
    use talon_rules::sixty_six::trick_winner;
    assert_eq!(trick_winner(c("KS"), c("TS"), Suit::Hearts), 1);
    assert_eq!(trick_winner(c("TS"), c("AS"), Suit::Hearts), 1);
    assert_eq!(
        trick_winner(c("AS"), c("9H"), Suit::Hearts),
        1,
        "any trump beats a plain card"
    );
    assert_eq!(
        trick_winner(c("9S"), c("AD"), Suit::Hearts),
        0,
        "a discard never wins"
    );
    assert_eq!(trick_winner(c("QS"), c("JS"), Suit::Hearts), 0);
}

#[test]
fn options_by_name_and_errors() {
    let mut o = SixtySixOptions::SIXTY_SIX;
    o.set("failed_close", "always_three").unwrap();
    o.set("schneider", "31").unwrap();
    let values = o.values();
    assert!(values.contains(&("failed_close", "always_three".to_string())));
    assert!(values.contains(&("schneider", "31".to_string())));
    let before = o;
    assert!(o.set("schneider", "67").is_err());
    assert!(o.set("closing", "maybe").is_err());
    assert!(o.set("no_such", "1").is_err());
    assert_eq!(o, before, "a refused option changes nothing");
    // Every spec has a setter and every value reads back.
    for (name, value) in SixtySixOptions::SCHNAPSEN_VU.values() {
        let mut x = SixtySixOptions::SIXTY_SIX;
        x.set(name, &value).unwrap();
        assert!(x.values().contains(&(name, value)));
    }
}

#[test]
fn match_to_seven_alternates_the_dealer() {
    let mut m = SixtySixMatch::new(SixtySixOptions::SIXTY_SIX, Seat(1));
    let mut seed = 0;
    let mut last = None;
    while m.winner().is_none() {
        let mut g = m.deal_from_seed(seed);
        assert_eq!(g.observe(Seat(0)).dealer, m.dealer);
        let dealer_before = m.dealer;
        while !g.is_over() {
            let mut legal = talon_rules::ActionList::new();
            g.legal_actions(&mut legal);
            // The first legal action: a deterministic, if dull, player.
            g.play(legal[0]).unwrap();
        }
        assert!(m.record(g.result().unwrap()));
        last = g.result().copied();
        assert_eq!(m.dealer, dealer_before.opponent());
        seed += 1;
        assert!(seed < 100);
    }
    let w = m.winner().unwrap();
    assert!(m.scores[w.index()] >= 7);
    assert!(m.scores[w.opponent().index()] < 7);
    let scores = m.scores;
    assert!(
        !m.record(&last.unwrap()),
        "a decided match books no more deals"
    );
    assert_eq!(m.scores, scores);
}

/// The actions a game's error lists for text it cannot read.
fn listed(preset: Preset, options: &[(&str, &str)]) -> String {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut g = AnyGame::new(preset, &options, &Setup::Seed(3)).unwrap();
    let e = g.play("zz").unwrap_err().to_string();
    e.split_once("actions are ").unwrap().1.to_string()
}

#[test]
fn unreadable_actions_are_told_the_notation_of_the_game_at_hand() {
    // Without closing there is no close to type, and so no draw either.
    assert_eq!(
        listed(Preset::SchnapsenVu, &[]),
        "a card (QS), a marriage (MH) or exchange"
    );
    assert_eq!(
        listed(Preset::Schnapsen, &[]),
        "a card (QS), a marriage (MH), exchange, close or declare"
    );
    // Hoyle's four-hand game has no auction and no marriages.
    assert_eq!(listed(Preset::SixtySixFour, &[]), "a card (KH)");
    assert_eq!(
        listed(Preset::NaSixtySix3, &[("widow", "exchange")]),
        "pass, bid 1-4, a card (KH), a marriage lead (KH+) or discard KH"
    );
    assert_eq!(
        listed(Preset::SixtyThree, &[]),
        "pass, bid N (40 to 63), trump S, discard C, give C, keep, a card (7H) or dump"
    );
    assert!(listed(Preset::EightyThree, &[]).contains("bid double"));
    assert!(listed(Preset::KingPedroGiven, &[]).contains("give C"));
    assert_eq!(listed(Preset::SixesAndSevens, &[]), "a card (7H)");
    // Text read without a game at hand is told the family's whole notation.
    let e = "zz".parse::<Action>().unwrap_err().to_string();
    assert!(e.ends_with("exchange, close, declare or draw"), "{e}");
}
