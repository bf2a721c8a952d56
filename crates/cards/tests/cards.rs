use proptest::prelude::*;
use talon_cards::*;

#[test]
fn deck_sizes() {
    assert_eq!(Deck::Twenty.len(), 20);
    assert_eq!(Deck::TwentyFour.len(), 24);
    assert_eq!(Deck::ThirtyTwo.len(), 32);
    assert_eq!(Deck::FiftyTwo.len(), 52);
    assert_eq!(Deck::FiftyThree.len(), 53);
    assert!(Deck::FiftyThree.contains(Card::JOKER));
    assert!(!Deck::FiftyTwo.contains(Card::JOKER));
    assert_eq!(Deck::TwentyFour.lowest_rank(), Rank::Nine);
    assert_eq!(Deck::Twenty.lowest_rank(), Rank::Ten);
}

#[test]
fn notation_examples() {
    assert_eq!(
        "TH".parse::<Card>().unwrap(),
        Card::new(Suit::Hearts, Rank::Ten)
    );
    assert_eq!(
        "10h".parse::<Card>().unwrap(),
        Card::new(Suit::Hearts, Rank::Ten)
    );
    assert_eq!("jk".parse::<Card>().unwrap(), Card::JOKER);
    assert_eq!(Card::JOKER.to_string(), "JK");
    assert_eq!(Card::new(Suit::Spades, Rank::Queen).to_string(), "QS");
}

#[test]
fn notation_errors_name_the_problem() {
    let e = "XH".parse::<Card>().unwrap_err();
    assert_eq!(e.kind, CardParseErrorKind::BadRank('X'));
    let e = "TX".parse::<Card>().unwrap_err();
    assert_eq!(e.kind, CardParseErrorKind::BadSuit('X'));
    assert_eq!(
        "".parse::<Card>().unwrap_err().kind,
        CardParseErrorKind::Empty
    );
    assert_eq!(
        "ATH".parse::<Card>().unwrap_err().kind,
        CardParseErrorKind::WrongLength
    );
    assert_eq!(
        parse_cards("AH KH AH").unwrap_err().kind,
        CardParseErrorKind::Duplicate
    );
    assert!(e.to_string().contains("TX"));
}

#[test]
fn same_colour_partner() {
    for s in Suit::ALL {
        assert_eq!(s.same_colour_partner().same_colour_partner(), s);
        assert_eq!(s.same_colour_partner().is_red(), s.is_red());
        assert_ne!(s.same_colour_partner(), s);
    }
}

fn any_card() -> impl Strategy<Value = Card> {
    prop::sample::select(Deck::FiftyThree.ordered())
}

proptest! {
    #[test]
    fn card_round_trip(c in any_card()) {
        prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        prop_assert_eq!(c.to_string().to_lowercase().parse::<Card>().unwrap(), c);
    }

    #[test]
    fn cardset_round_trip(bits in any::<u64>()) {
        let set = CardSet(bits) & Deck::FiftyThree.cards();
        let text = set.to_string();
        prop_assert_eq!(text.parse::<CardSet>().unwrap(), set);
        prop_assert_eq!(set.iter().count(), set.len());
    }

    #[test]
    fn cardset_ops(a in any::<u64>(), b in any::<u64>(), c in any_card()) {
        let (a, b) = (CardSet(a) & Deck::FiftyThree.cards(), CardSet(b) & Deck::FiftyThree.cards());
        prop_assert_eq!((a | b).len() + (a & b).len(), a.len() + b.len());
        prop_assert!((a - b).is_subset(a));
        prop_assert!(a.with(c).contains(c));
        prop_assert!(!a.without(c).contains(c));
        let suits: usize = Suit::ALL.iter().map(|&s| a.suit(s).len()).sum();
        prop_assert_eq!(suits + usize::from(a.contains(Card::JOKER)), a.len());
    }
}
