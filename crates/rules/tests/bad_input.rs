//! Bad input through the text front end every other front end stands on
//! (`AnyGame`, `Ruleset`): in every preset, a deal, an action or an option
//! that is not right is refused with a message, never panics, and changes
//! nothing. The text is near the notation (cards, bids, words, separators)
//! or an edit of a real deal, so the parsers are exercised past their
//! first check.

use proptest::prelude::*;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{AnyGame, OptionKind, Preset, Ruleset, Setup};

fn preset() -> impl Strategy<Value = Preset> {
    (0..Preset::ALL.len()).prop_map(|i| Preset::ALL[i])
}

/// Text made of the notation's pieces in any order.
fn notationish() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        "[2-9TJQKAX]{1,2}[SHDCshdc♠♥♦♣]?",
        "10[SHDC]?",
        "(bid|pass|trump|discard|give|play|moon|double|close|draw|declare|exchange|ace|keep|M)",
        "[ /|,:;=+\\-\\n]",
        "[0-9]{1,5}",
        ".{0,3}",
    ];
    prop::collection::vec(token, 0..24).prop_map(|v| v.concat())
}

/// One edit of `text`: a character range removed, repeated or replaced.
fn edit(text: &str, kind: u8, at: usize, len: usize, with: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = at % (chars.len() + 1);
    let end = (at + len).min(chars.len());
    let (head, rest) = chars.split_at(at);
    let (mid, tail) = rest.split_at(end - at);
    let mut out: String = head.iter().collect();
    match kind % 3 {
        0 => {}
        1 => {
            out.extend(mid);
            out.extend(mid);
        }
        _ => out.push_str(with),
    }
    out.extend(tail);
    out
}

/// A deal that was accepted must play to the end by its own legal list.
fn plays_out(mut g: AnyGame, seed: u64) {
    let mut rng = rng_from_seed(seed);
    let mut steps = 0;
    while g.to_move().is_some() {
        let legal = g.legal_actions();
        let a = &legal[below(&mut rng, legal.len() as u64) as usize];
        g.play(a).expect("a legal action is accepted");
        steps += 1;
        assert!(steps < 1000, "the deal never ends");
    }
}

/// A refused setup names its problem.
fn named<T>(result: &Result<T, impl std::fmt::Display>) {
    if let Err(e) = result {
        assert!(
            !e.to_string().trim().is_empty(),
            "an error without a message"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_deal_text_is_refused_or_plays(p in preset(), text in notationish()) {
        let r = AnyGame::new(p, &[], &Setup::Deal(text));
        named(&r);
        if let Ok(g) = r {
            plays_out(g, 1);
        }
    }

    #[test]
    fn an_edited_deal_is_refused_or_plays(
        p in preset(),
        seed in 0u64..1000,
        kind in 0u8..3,
        at in 0usize..400,
        len in 0usize..8,
        with in notationish(),
    ) {
        let deal = AnyGame::new(p, &[], &Setup::Seed(seed)).unwrap().deal_text();
        let text = edit(&deal, kind, at, len, &with);
        let r = AnyGame::new(p, &[], &Setup::Deal(text.clone()));
        named(&r);
        if let Ok(g) = r {
            // What it accepted it writes back the same way.
            let again = AnyGame::new(p, &[], &Setup::Deal(g.deal_text())).unwrap();
            prop_assert_eq!(&again, &g);
            plays_out(g, seed);
        }
    }

    #[test]
    fn a_refused_action_changes_nothing(
        p in preset(),
        seed in 0u64..1000,
        steps in 0usize..60,
        texts in prop::collection::vec(notationish(), 1..6),
    ) {
        let mut g = AnyGame::new(p, &[], &Setup::Seed(seed)).unwrap();
        let mut rng = rng_from_seed(seed);
        for _ in 0..steps {
            if g.to_move().is_none() {
                break;
            }
            let legal = g.legal_actions();
            let a = legal[below(&mut rng, legal.len() as u64) as usize].clone();
            g.play(&a).unwrap();
        }
        for text in texts {
            let before = g.clone();
            let legal = g.legal_actions();
            match g.play(&text) {
                Ok(()) => {
                    // Only a legal action, in any spelling the notation reads.
                    let canon = before.canonical(&text).unwrap();
                    prop_assert!(legal.contains(&canon), "{text:?} as {canon:?} was not legal");
                }
                Err(e) => {
                    prop_assert!(!e.to_string().trim().is_empty());
                    prop_assert_eq!(&g, &before, "{:?} was refused but changed the deal", text);
                }
            }
        }
    }

    #[test]
    fn any_option_is_refused_or_deals(
        p in preset(),
        pick in 0usize..64,
        garbage_name in prop::bool::ANY,
        name in "[a-z_]{0,12}",
        value in notationish(),
    ) {
        let specs = p.option_specs();
        let name = if garbage_name || specs.is_empty() {
            name
        } else {
            specs[pick % specs.len()].name.to_string()
        };
        let r = Ruleset::new(p, &[(name, value)]);
        named(&r);
        if let Ok(rules) = r {
            let g = rules.deal(&Setup::Seed(pick as u64));
            named(&g);
            if let Ok(g) = g {
                plays_out(g, pick as u64);
            }
        }
    }

    /// Options that each read may not fit together: what `Ruleset::new`
    /// accepts deals every seed (a game loaded is a game that can be
    /// played), and what it refuses is named.
    #[test]
    fn options_accepted_together_deal(
        p in preset(),
        picks in prop::collection::vec((0usize..64, 0i64..1000), 1..6),
        seed in 0u64..1000,
    ) {
        let specs = p.option_specs();
        prop_assume!(!specs.is_empty());
        let mut options: Vec<(String, String)> = Vec::new();
        for (pick, n) in picks {
            let spec = &specs[pick % specs.len()];
            if options.iter().any(|(k, _)| k == spec.name) {
                continue;
            }
            let value = match spec.kind {
                OptionKind::Bool => (n % 2 == 0).to_string(),
                OptionKind::Int { min, max } => (min + n % (max - min + 1)).to_string(),
                OptionKind::Choice(c) => c[n as usize % c.len()].to_string(),
            };
            options.push((spec.name.to_string(), value));
        }
        let r = Ruleset::new(p, &options);
        named(&r);
        if let Ok(rules) = r {
            let g = rules.deal(&Setup::Seed(seed));
            prop_assert!(g.is_ok(), "{p:?} {options:?}: {}", g.unwrap_err());
            plays_out(g.unwrap(), seed);
        }
    }
}

/// The moon is playing alone against two partners: not in the
/// three-hand game.
#[test]
fn the_moon_needs_partners() {
    let moon = [("moon".to_string(), "true".to_string())];
    let e = Ruleset::new(Preset::NaSixtySix3, &moon)
        .unwrap_err()
        .to_string();
    assert!(e.contains("moon") && e.contains("partnership"), "{e}");
    Ruleset::new(Preset::NaSixtySix, &moon).unwrap();
}

/// Options that change nothing in a preset (the widow with four hands,
/// the ten of trumps where trumps are bid) are refused away from their
/// default, naming the option and the reason, and are not offered; left
/// at the default (as a written-out list of every option has them) they
/// are accepted, and a game that was saved with one still replays.
#[test]
fn options_that_change_nothing_here_are_refused_and_not_offered() {
    let o = |name: &str, value: &str| vec![(name.to_string(), value.to_string())];
    for (preset, name, value, why) in [
        (Preset::NaSixtySix, "widow", "exchange", "widow"),
        (Preset::NaSixtySix, "widow_shown", "true", "widow"),
        (Preset::NaSixtySix, "ten_of_trumps", "true", "turned-trump"),
        (Preset::NaSixtySix3, "head_partner", "false", "no partners"),
        (Preset::NaSixtySix3, "moon_scoring", "points_165", "moon"),
        (
            Preset::SixtySixFour,
            "all_pass",
            "dealer_bids",
            "no auction",
        ),
        (Preset::SixtySixFour, "moon", "true", "no auction"),
    ] {
        let e = Ruleset::new(preset, &o(name, value))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(name) && e.contains(why),
            "{preset:?} {name}: {e}"
        );
        assert!(
            !preset.offered_option_specs().iter().any(|s| s.name == name),
            "{preset:?} offers {name}"
        );
        let default = preset
            .option_defaults()
            .into_iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1;
        Ruleset::new(preset, &o(name, &default)).unwrap();
        AnyGame::new(preset, &o(name, value), &Setup::Seed(1)).unwrap();
    }
    // In the Pedro family it is the other options that decide: the joker's
    // points without a joker, a forced bid where nobody is forced.
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    for (preset, options, name) in [
        (
            Preset::SixtyThree,
            &[("joker", "false"), ("joker_points", "10")][..],
            "joker_points",
        ),
        (
            Preset::SixtyThree,
            &[("all_pass", "throw_in"), ("forced_bid", "30")][..],
            "forced_bid",
        ),
        (
            Preset::SixtyThree,
            &[("double_factor", "3")][..],
            "double_factor",
        ),
        (
            Preset::SixtyThree,
            &[("kitty_first", "true")][..],
            "kitty_first",
        ),
    ] {
        let e = Ruleset::new(preset, &pairs(options))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(name) && e.contains("changes nothing"),
            "{options:?}: {e}"
        );
    }
    Ruleset::new(Preset::SixtyThree, &pairs(&[("joker", "false")])).unwrap();
    // Where nobody is forced to bid, the forced bid's default does not
    // bound the bids (it would, and could not be moved).
    Ruleset::new(
        Preset::KingPedro,
        &pairs(&[("min_bid", "20"), ("max_bid", "28")]),
    )
    .unwrap();
    Ruleset::new(Preset::EightyThree, &pairs(&[("double_factor", "3")])).unwrap();
    Ruleset::new(Preset::SixtyThree, &pairs(&[("joker_points", "10")])).unwrap();
    // Where they play a part they are offered and accepted.
    Ruleset::new(Preset::NaSixtySix3, &o("widow", "exchange")).unwrap();
    Ruleset::new(Preset::SixtySixFour, &o("ten_of_trumps", "true")).unwrap();
    for preset in Preset::ALL {
        let offered = preset.offered_option_specs();
        assert!(offered.len() <= preset.option_specs().len());
        if preset.family() != talon_rules::Family::NaSixtySix {
            assert_eq!(offered.len(), preset.option_specs().len(), "{preset:?}");
        }
    }
}

/// King Pedro with a joker: 53 cards leave a kitty of 5, not the 4 it
/// keeps. Refused when the game is loaded, naming the kitty.
#[test]
fn a_kitty_that_does_not_fit_the_pack_is_refused_up_front() {
    let joker = [("joker".to_string(), "true".to_string())];
    let e = Ruleset::new(Preset::KingPedro, &joker)
        .unwrap_err()
        .to_string();
    assert!(e.contains("kitty") && e.contains("53-card pack"), "{e}");
}

#[test]
fn edits_cover_each_kind() {
    assert_eq!(edit("abcdef", 0, 1, 2, "x"), "adef");
    assert_eq!(edit("abcdef", 1, 1, 2, "x"), "abcbcdef");
    assert_eq!(edit("abcdef", 2, 1, 2, "xy"), "axydef");
    assert_eq!(edit("ab", 2, 9, 1, "x"), "xb");
}

#[test]
fn a_forced_bid_above_the_maximum_is_refused() {
    let options = [
        ("max_bid", "45"),
        ("forced_bid", "100"),
        ("all_pass", "dealer_forced"),
    ]
    .map(|(k, v)| (k.to_string(), v.to_string()));
    let err = AnyGame::new(Preset::SixtyThree, &options, &Setup::Seed(0))
        .map(|_| ())
        .expect_err("refused");
    assert!(err.to_string().contains("forced_bid"), "{err}");
    let fits =
        [("max_bid", "45"), ("forced_bid", "45")].map(|(k, v)| (k.to_string(), v.to_string()));
    assert!(AnyGame::new(Preset::SixtyThree, &fits, &Setup::Seed(0)).is_ok());
}
