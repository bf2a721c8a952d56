//! Pedro family: typed errors for bad input, hidden information around
//! robbing and giving, deal notation, and the match score sheet.

use talon_cards::{Card, Seat};
use talon_rules::pedro::{
    Deal, DrawSource, Event, Pedro, PedroError, PedroMatch, PedroOptions, PedroResult,
};
use talon_rules::{AnyGame, Game, Observation, PlayError, Preset, Setup, SetupError};

const D63: &str = "3/AH KH 9H 5H 2C 3C 4C 6C 7C/QH JH 8C 9C TC JC QC KC AC/5D 2H JK 2D 3D 4D 6D 7D 8D/TH 8H 9D TD JD QD KD AD 2S/3S 4S 7H 6S 8S 9S 4H 3H 5S 6H 7S TS JS QS KS AS 5C";
const DB: &str = "3/AH KH QH 8H 7H 6H 4H 2C 3C/2S 3S 4S 6S 7S 8S 9S TS JS/5D 2D 3D 4D 6D 7D 8D 9D TD/JH TH 9H 5H 3H 2H JK QS KS/AS 5S 5C 4C 6C 7C 8C 9C TC JC QC KC AC JD QD KD AD";

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn game(preset: Preset, deal: &str, options: &[(&str, &str)]) -> AnyGame {
    let opts: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    AnyGame::new(preset, &opts, &Setup::Deal(deal.to_string())).unwrap()
}

fn refused(g: &mut AnyGame, action: &str, says: &str) {
    let before = g.clone();
    let err = g.play(action).expect_err(action).to_string();
    assert!(err.contains(says), "{action}: {err:?} should say {says:?}");
    assert_eq!(*g, before, "{action} changed the state");
}

#[test]
fn unknown_preset_and_options_are_named() {
    let e = Preset::from_name("sixty-four").unwrap_err().to_string();
    assert!(e.contains("sixty-four") && e.contains("sixty-three"), "{e}");
    let setup = Setup::Seed(1);
    let bad = |k: &str, v: &str| {
        AnyGame::new(
            Preset::SixtyThree,
            &[(k.to_string(), v.to_string())],
            &setup,
        )
        .unwrap_err()
    };
    assert!(matches!(bad("jokers", "true"), SetupError::Option(_)));
    assert!(bad("jokers", "true")
        .to_string()
        .contains("unknown option \"jokers\""));
    assert!(bad("min_bid", "lots").to_string().contains("min_bid"));
    assert!(bad("follow", "sometimes")
        .to_string()
        .contains("trump_only"));
    // Options that do not fit together: 4 × 13 cards and a kitty.
    let e = AnyGame::new(
        Preset::KingPedro,
        &[("hand_size".into(), "13".into())],
        &setup,
    )
    .unwrap_err();
    assert!(e.to_string().contains("hand_size"), "{e}");
}

#[test]
fn bad_actions_get_typed_errors_and_change_nothing() {
    let mut g = game(Preset::SixtyThree, D63, &[]);
    refused(&mut g, "bid 39", "out of range");
    refused(&mut g, "bid 64", "from 40 to 63");
    refused(&mut g, "bid double", "no double bid");
    refused(&mut g, "AH", "not possible during the auction");
    assert!(matches!(g.play("bid lots"), Err(PlayError::Parse(_))));
    assert!(matches!(g.play("hello"), Err(PlayError::Parse(_))));
    for a in ["bid 40", "pass", "pass", "pass", "trump H"] {
        g.play(a).unwrap();
    }
    refused(&mut g, "discard 2S", "does not hold 2S");
    refused(&mut g, "discard TH", "is a trump");

    let mut g = game(Preset::SixtyThree, DB, &[]);
    for a in ["bid 40", "pass", "pass", "pass", "trump H"] {
        g.play(a).unwrap();
    }
    refused(&mut g, "give AH", "AH is a scoring trump");
    refused(&mut g, "give 2C", "does not hold 2C");
}

#[test]
fn typed_error_values() {
    let opts = PedroOptions::SIXTY_THREE;
    let deal: Deal = D63.parse().unwrap();
    let mut g = Pedro::new(&deal, opts).unwrap();
    let before = g.clone();
    assert_eq!(
        g.try_play("bid 30".parse().unwrap()),
        Err(PedroError::BidOutOfRange {
            bid: 30,
            min: 40,
            max: 63
        })
    );
    assert_eq!(g, before);
}

#[test]
fn robbed_cards_are_seen_by_the_dealer_only_and_gifts_by_all() {
    let deal: Deal = D63.parse().unwrap();
    let mut g = Pedro::new(&deal, PedroOptions::SIXTY_THREE).unwrap();
    for a in ["bid 40", "pass", "pass", "pass", "trump H"] {
        g.play(g.parse_action(a).unwrap()).unwrap();
    }
    // The dealer (seat 3) robbed QS KS AS 5C, after the fill: the record
    // says which draw was the robbing.
    let robbed: Vec<_> = g
        .events()
        .iter()
        .filter_map(|e| match *e {
            Event::Drew {
                seat,
                cards,
                source: DrawSource::Robbing,
                ..
            } => Some((seat, cards)),
            _ => None,
        })
        .collect();
    let qs_ks_as_5c = ["QS", "KS", "AS", "5C"].into_iter().map(card).collect();
    assert_eq!(robbed, vec![(Seat(3), qs_ks_as_5c)]);
    assert!(g.events().iter().all(|e| !matches!(
        e,
        Event::Drew {
            source: DrawSource::Kitty,
            ..
        }
    )));
    for c in ["QS", "KS", "AS", "5C"] {
        let c = card(c);
        assert!(g.observe(Seat(3)).mentioned_cards().contains(c));
        for s in 0..3 {
            assert!(g.hidden_from(Seat(s)).contains(c), "{c} seen by seat {s}");
            assert!(!g.observe(Seat(s)).mentioned_cards().contains(c));
        }
    }

    let deal: Deal = DB.parse().unwrap();
    let mut g = Pedro::new(&deal, PedroOptions::SIXTY_THREE).unwrap();
    for a in ["bid 40", "pass", "pass", "pass", "trump H", "give 4H"] {
        g.play(g.parse_action(a).unwrap()).unwrap();
    }
    for s in 0..4 {
        let seat = Seat(s);
        assert!(!g.hidden_from(seat).contains(card("4H")));
        assert!(g.observe(seat).known[2].contains(card("4H")));
    }
}

#[test]
fn deal_notation_round_trips_and_seeds_are_stable() {
    for preset in Preset::PEDRO_FAMILY {
        let opts = preset.pedro_defaults();
        let d = Deal::from_seed(42, &opts, Seat(1));
        let text = d.to_string();
        assert_eq!(text.parse::<Deal>().unwrap(), d);
        assert_eq!(Deal::from_seed(42, &opts, Seat(1)), d);
        d.validate(&opts).unwrap();
    }
    assert!("3/AH/KH".parse::<Deal>().is_err());
}

fn result(opts: &PedroOptions, bidder: u8, bid: u8, points: [u16; 2]) -> PedroResult {
    PedroResult::scored(opts, Seat(bidder), bid, false, points)
}

#[test]
fn match_first_to_target_and_bidder_goes_out() {
    let opts = PedroOptions::SIXTY_THREE;
    let mut m = PedroMatch::new(opts, Seat(3));
    m.scores = [240, 240];
    // Both pass 250; the bidders (team 1) made it and go out.
    m.record(&result(&opts, 1, 40, [20, 43]));
    assert_eq!(m.winner, Some(1));
    assert_eq!(m.dealer, Seat(0));
    assert!(!m.record(&result(&opts, 1, 40, [20, 43])));

    let mut m = PedroMatch::new(opts, Seat(3));
    m.scores = [240, 240];
    // Both over; the bidders were set (-63), so only the defenders are over.
    m.record(&result(&opts, 1, 63, [20, 43]));
    assert_eq!(m.scores, [260, 177]);
    assert_eq!(m.winner, Some(0));
}

#[test]
fn match_deals_show_the_score_sheet() {
    use talon_rules::Determinize;
    let opts = PedroOptions::SIXTY_THREE;
    let mut m = PedroMatch::new(opts, Seat(3));
    assert_eq!(Pedro::from_seed(1, opts, Seat(3)).sheet(), None);
    assert_eq!(m.deal_from_seed(1).sheet(), Some([0, 0]));
    m.record(&result(&opts, 1, 40, [20, 43]));
    let g = m.deal_from_seed(2);
    assert_eq!(g.sheet(), Some([20, 43]));
    // Every seat sees it, and sampled worlds keep it.
    let obs = g.observation(Seat(2));
    assert_eq!(obs.sheet, Some([20, 43]));
    let mut rng = talon_rules::shuffle::rng_from_seed(5);
    assert_eq!(Pedro::sample(&obs, &mut rng).sheet(), Some([20, 43]));
}

#[test]
fn match_own_bid_and_minus_threshold() {
    let opts = PedroOptions::KING_PEDRO;
    let mut m = PedroMatch::new(opts, Seat(3));
    m.scores = [190, 0];
    // Team 0 passes 200 as defenders: no win.
    m.record(&result(&opts, 1, 30, [14, 30]));
    assert_eq!(m.scores, [204, 30]);
    assert_eq!(m.winner, None);
    // Team 0 makes its own bid: wins.
    m.record(&result(&opts, 0, 30, [40, 4]));
    assert_eq!(m.winner, Some(0));

    let mut m = PedroMatch::new(opts, Seat(3));
    m.scores = [-170, 0];
    // Team 0 is set by 44 and sinks below -200: team 1 wins.
    m.record(&result(&opts, 0, 44, [30, 14]));
    assert_eq!(m.scores, [-214, 14]);
    assert_eq!(m.winner, Some(1));
}

#[test]
fn presets_total_points() {
    let want = [
        (Preset::SixtyThree, 63),
        (Preset::SixtyThreeInverness, 63),
        (Preset::SixtyThreeQueens, 63),
        (Preset::SixtyThreeMaine, 63),
        (Preset::Pedro, 14),
        (Preset::KingPedro, 44),
        (Preset::KingPedroGiven, 44),
        (Preset::EightyThree, 83),
    ];
    for (p, total) in want {
        assert_eq!(p.pedro_defaults().total_points(), total, "{p}");
        assert_eq!(p.players(), 4);
        assert!(!p.option_specs().is_empty());
        let names: Vec<&str> = p.option_specs().iter().map(|s| s.name).collect();
        let values = p.pedro_defaults().values();
        assert_eq!(names, values.iter().map(|(n, _)| *n).collect::<Vec<_>>());
        // Every value reads back through set().
        let mut o = p.pedro_defaults();
        for (n, v) in &values {
            o.set(n, v).unwrap();
        }
        assert_eq!(o, p.pedro_defaults());
    }
}

/// docs/rules/<preset>.md lists every option with the engine's default.
#[test]
fn docs_list_every_option_with_its_default() {
    for preset in Preset::PEDRO_FAMILY {
        let path = format!(
            "{}/../../docs/rules/{}.md",
            env!("CARGO_MANIFEST_DIR"),
            preset.name()
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let rows: Vec<(String, String)> = text
            .lines()
            .filter(|l| l.starts_with("| `"))
            .map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                (
                    cells[1].trim_matches('`').to_string(),
                    cells[2].trim_matches('`').to_string(),
                )
            })
            .collect();
        let want: Vec<(String, String)> = preset
            .pedro_defaults()
            .values()
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        assert_eq!(rows, want, "{path}");
    }
}

/// 83's bidder takes the kitty and then names trumps; King Pedro's names
/// trumps and then takes it (seeds/pedro-variants.txt, both games).
#[test]
fn the_kitty_comes_before_trumps_in_83_only() {
    for (opts, kitty_first) in [
        (PedroOptions::EIGHTY_THREE, true),
        (PedroOptions::KING_PEDRO, false),
    ] {
        let mut g = talon_rules::pedro::Pedro::from_seed(7, opts, Seat(3));
        let bid = talon_rules::pedro::Action::Bid(opts.min_bid);
        g.play(bid).expect("the first bid is legal");
        while g.phase() == talon_rules::pedro::Phase::Auction {
            g.play(talon_rules::pedro::Action::Pass).expect("a pass");
        }
        assert_eq!(g.phase(), talon_rules::pedro::Phase::Trump);
        let held = g.hand(Seat(0)).len();
        let kitty = usize::from(opts.kitty);
        if kitty_first {
            assert_eq!((held, g.stock_left()), (12 + kitty, 0));
        } else {
            assert_eq!((held, g.stock_left()), (12, kitty));
        }
        g.play(talon_rules::pedro::Action::Trump(talon_cards::Suit::Hearts))
            .expect("any suit");
        assert_eq!((g.hand(Seat(0)).len(), g.stock_left()), (12 + kitty, 0));
        let sources: Vec<_> = g
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Drew { source, .. } => Some(*source),
                _ => None,
            })
            .collect();
        assert_eq!(sources, vec![DrawSource::Kitty], "{opts:?}");
    }
}
