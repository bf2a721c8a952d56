//! A refused action says which rule it breaks, and the reason tells the
//! seat nothing it could not know. Over random deals of every preset of
//! the Sixty-six family, North American Sixty-six and Sixes and Sevens,
//! each action the seat to move may not take is refused with the same
//! reason in the real deal and in worlds sampled from that seat's
//! observation. (Pedro has its own test, pedro_refusals.rs.) The reason
//! reaches the player through every front end, so one that read a hidden
//! hand would leak it.

use talon_cards::Deck;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{AnyGame, Determinize, Family, Game, Preset, Setup, UNEXPLAINED};

/// Every action text a family's notation might hold, parsed by the game
/// itself (texts it cannot read are left out).
fn probes<G: Game>(game: &G) -> Vec<G::Action> {
    let mut texts = vec![
        "exchange".to_string(),
        "close".into(),
        "declare".into(),
        "draw".into(),
        "pass".into(),
        "moon".into(),
        "ace odd".into(),
        "ace even".into(),
    ];
    texts.extend((0..=6).map(|n| format!("bid {n}")));
    for c in Deck::FiftyTwo.ordered() {
        texts.push(c.to_string());
        texts.push(format!("{c}+"));
        texts.push(format!("discard {c}"));
    }
    texts.extend(["MC", "MD", "MH", "MS"].map(String::from));
    let mut out: Vec<G::Action> = Vec::new();
    for t in texts {
        if let Ok(a) = game.parse_action(&t) {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }
    out
}

/// Checks every refused probe of `real`; returns (refusals, comparisons
/// with a sampled world).
fn check_refusals<G: Determinize>(real: &G, probes: &[G::Action], seed: u64) -> (usize, usize) {
    let Some(seat) = real.to_move() else {
        return (0, 0);
    };
    let obs = real.observe(seat);
    let mut rng = rng_from_seed(seed);
    let worlds: Vec<G> = (0..3).map(|_| G::sample(&obs, &mut rng)).collect();
    let (mut refused, mut compared) = (0, 0);
    for &a in probes {
        if real.is_legal(a) {
            continue;
        }
        refused += 1;
        let why = real.why_illegal(a);
        assert!(
            why != UNEXPLAINED && !why.is_empty(),
            "{a} refused without a reason in {real:?}"
        );
        for world in worlds.iter().filter(|w| !w.is_legal(a)) {
            compared += 1;
            assert_eq!(
                world.why_illegal(a),
                why,
                "seat {seat} refused {a}: the reason differs in a world it cannot tell from the real one"
            );
        }
    }
    (refused, compared)
}

fn random_walk<G: Determinize>(mut g: G, seed: u64) -> (usize, usize) {
    let probes = probes(&g);
    let mut rng = rng_from_seed(seed);
    let (mut refused, mut compared) = (0, 0);
    let mut step = 0;
    while let Some(a) = talon_rules::conformance::random_action(&g, &mut rng) {
        if step % 2 == 0 {
            let (r, c) = check_refusals(&g, &probes, seed * 1000 + step);
            refused += r;
            compared += c;
        }
        // Patient: a declare or a close only now and then, so that deals
        // reach the closed and the exhausted talon.
        let text = a.to_string();
        if (text == "declare" || text == "close") && below(&mut rng, 4) != 0 {
            let mut legal = talon_rules::ActionList::new();
            g.legal_actions(&mut legal);
            if let Some(&other) = legal.iter().find(|x| x.to_string() != text) {
                g.play(other).expect("legal");
                step += 1;
                continue;
            }
        }
        g.play(a).expect("legal");
        step += 1;
    }
    (refused, compared)
}

fn walk(preset: Preset, options: &[(String, String)], seed: u64) -> (usize, usize) {
    match AnyGame::new(preset, options, &Setup::Seed(seed)).expect("a preset deals") {
        AnyGame::SixtySix { game, .. } => random_walk(game, seed),
        AnyGame::NaSixtySix { game, .. } => random_walk(game, seed),
        AnyGame::Sevens { game, .. } => random_walk(game, seed),
        AnyGame::Pedro { .. } => (0, 0),
    }
}

#[test]
fn refusals_are_explained_from_what_the_seat_knows() {
    let presets: Vec<Preset> = Preset::ALL
        .into_iter()
        .filter(|p| p.family() != Family::Pedro)
        .collect();
    assert!(presets.len() >= 6, "{presets:?}");
    // Every preset as it comes, and options whose rules have reasons of
    // their own (wild Aces, the sharp Schnapsen rules, not heading a
    // partner's trick).
    let mut runs: Vec<(Preset, Vec<(String, String)>)> =
        presets.into_iter().map(|p| (p, Vec::new())).collect();
    for (preset, name, value) in [
        (Preset::SixesAndSevens, "ace_wild", "true"),
        (Preset::Schnapsen, "sharp", "true"),
        (Preset::NaSixtySix, "head_partner", "false"),
    ] {
        runs.push((preset, vec![(name.to_string(), value.to_string())]));
    }
    for (preset, options) in runs {
        let (mut refused, mut compared) = (0, 0);
        for seed in 0..20 {
            let (r, c) = walk(preset, &options, seed);
            refused += r;
            compared += c;
        }
        assert!(
            refused > 2000 && compared > 2000,
            "{preset:?} {options:?}: only {refused} refusals, {compared} compared"
        );
    }
}

/// The reason reaches a front end through `AnyGame::play`'s error.
#[test]
fn a_strict_follow_says_which_card_the_rule_asks_for() {
    let mut seen = [false; 3];
    for seed in 0..200 {
        let mut g = AnyGame::new(Preset::Schnapsen, &[], &Setup::Seed(seed)).expect("deals");
        let mut rng = rng_from_seed(seed);
        // Close at once: every follow from now on is strict.
        while g.to_move().is_some() {
            let legal = g.legal_actions();
            if legal.iter().any(|a| a == "close") {
                g.play("close").expect("legal");
                break;
            }
            let a = legal[below(&mut rng, legal.len() as u64) as usize].clone();
            g.play(&a).expect("legal");
        }
        while g.to_move().is_some() {
            let legal = g.legal_actions();
            let seat = g.to_move().expect("someone moves");
            let hand = g.observe(seat).expect("a seat").hand();
            for card in hand.iter() {
                let text = card.to_string();
                if legal.contains(&text) {
                    continue;
                }
                let before = g.clone();
                let err = g.play(&text).expect_err("not legal").to_string();
                assert_eq!(g, before, "a refusal changed the game");
                assert!(
                    err.starts_with(&format!(
                        "{text} is not a legal action for seat {seat}: the talon is closed"
                    )),
                    "{err}"
                );
                if err.contains("must be headed") {
                    seen[0] = true;
                } else if err.contains("must be followed") {
                    seen[1] = true;
                } else if err.contains("a trump (") {
                    seen[2] = true;
                } else {
                    panic!("an unexpected reason: {err}");
                }
            }
            let a = legal[below(&mut rng, legal.len() as u64) as usize].clone();
            g.play(&a).expect("legal");
        }
        if seen.iter().all(|&s| s) {
            return;
        }
    }
    panic!("not every strict-follow reason was met: {seen:?}");
}
