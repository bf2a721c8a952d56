//! The search bots beat the heuristic bots in North American Sixty-six
//! (partnerships and cut-throat) and Sixes and Sevens, on seeded duplicate
//! deals: the search bot's score in a seat is compared with the
//! heuristic's score in the same seat of the same deal when the heuristic
//! plays every seat. Budgets are the expert's design at a fraction of its
//! counts so the test runs quickly in debug builds; the test asserts a
//! gain of more than two standard errors and a floor well under the
//! measured gain.

use talon_bots::{Bot, NaHeuristic, NaSearchBot, SevensHeuristic};
use talon_cards::Seat;
use talon_rules::na_sixty_six::{NaOptions, NaSixtySix};
use talon_rules::sevens::{Sevens, SevensOptions};
use talon_rules::{ActionList, Game, Returns};
use talon_search::{IsmctsConfig, PimcConfig};

fn play<G: Game>(mut game: G, bots: &mut [Box<dyn Bot<G>>]) -> Returns {
    let mut legal = ActionList::new();
    while let Some(s) = game.to_move() {
        game.legal_actions(&mut legal);
        let obs = game.observe(s);
        let a = bots[s.index()].choose(&obs, &legal);
        game.play(a).expect("bots choose legal actions");
    }
    game.returns().expect("over")
}

fn config(iterations: u32, exploration: f64) -> IsmctsConfig {
    IsmctsConfig {
        iterations,
        time_limit: None,
        exploration,
        rollout_epsilon: 0.1,
        leaf_solve_nodes: 0,
        prune_hopeless: false,
        exact_rollout_ends: false,
        opponent_policy: 0.0,
    }
}

type MakeBot<'a, G> = &'a dyn Fn(u64) -> Box<dyn Bot<G>>;

/// Per-deal gain of the search bot (in the seats `seats_of(rotation)`)
/// over the heuristic in the same seats, averaged over the rotations:
/// (mean, standard error of the mean) over `deals` deals.
fn duplicate_gain<G: Game>(
    deals: u64,
    rotations: u8,
    players: u8,
    new_game: impl Fn(u64) -> G,
    search: MakeBot<G>,
    heuristic: MakeBot<G>,
    seats_of: impl Fn(u8) -> Vec<u8>,
) -> (f64, f64) {
    let mut per_deal = Vec::new();
    for seed in 0..deals {
        let mut gain = 0i64;
        let mut all: Vec<Box<dyn Bot<G>>> = (0..players).map(|_| heuristic(0)).collect();
        let base = play(new_game(seed), &mut all);
        for r in 0..rotations {
            let mine = seats_of(r);
            let mut bots: Vec<Box<dyn Bot<G>>> = (0..players)
                .map(|p| {
                    if mine.contains(&p) {
                        search(seed * 16 + u64::from(p))
                    } else {
                        heuristic(0)
                    }
                })
                .collect();
            let ret = play(new_game(seed), &mut bots);
            let seat = mine[0] as usize;
            gain += i64::from(ret[seat] - base[seat]);
        }
        per_deal.push(gain as f64 / f64::from(rotations));
    }
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n;
    let var = per_deal.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The gain is positive with a wide margin: more than two standard errors
/// (a one-sided test at about 2.5%) and more than `floor`.
fn assert_beats((mean, se): (f64, f64), floor: f64, what: &str) {
    eprintln!("{what}: {mean:+.3} ± {se:.3} (s.e.) a deal over the heuristic");
    assert!(
        mean > 2.0 * se && mean > floor,
        "{what}: gain {mean:+.3} ± {se:.3}"
    );
}

#[test]
fn search_beats_heuristic_na_sixty_six_partnerships() {
    let opts = NaOptions::FOUR_HANDS;
    let g = duplicate_gain(
        40,
        2,
        4,
        |seed| NaSixtySix::from_seed(seed, opts, Seat((seed % 4) as u8)),
        &|seed| Box::new(NaSearchBot::new("search", config(250, 2.0), 16, seed)),
        &|_| Box::new(NaHeuristic),
        |r| vec![r, r + 2],
    );
    assert_beats(g, 0.15, "partnerships (ticks)");
}

#[test]
fn search_beats_heuristic_na_sixty_six_three_hands() {
    let opts = NaOptions::THREE_HANDS;
    let g = duplicate_gain(
        30,
        3,
        3,
        |seed| NaSixtySix::from_seed(seed, opts, Seat((seed % 3) as u8)),
        &|seed| Box::new(NaSearchBot::new("search", config(250, 2.0), 16, seed)),
        &|_| Box::new(NaHeuristic),
        |r| vec![r],
    );
    assert_beats(g, 0.15, "three hands (ticks)");
}

/// The `pimc` design: tricks by PIMC, each sampled world solved for the
/// bot's side (few worlds here).
fn pimc_bot(seed: u64) -> Box<dyn Bot<NaSixtySix>> {
    let pimc = PimcConfig {
        samples: 6,
        time_limit: None,
        max_nodes: 20_000,
        max_total_nodes: 200_000,
        after_draws: true,
    };
    Box::new(NaSearchBot::new("pimc", config(250, 2.0), 16, seed).with_pimc(pimc))
}

#[test]
fn pimc_beats_heuristic_na_sixty_six_partnerships() {
    let opts = NaOptions::FOUR_HANDS;
    let g = duplicate_gain(
        40,
        2,
        4,
        |seed| NaSixtySix::from_seed(seed, opts, Seat((seed % 4) as u8)),
        &pimc_bot,
        &|_| Box::new(NaHeuristic),
        |r| vec![r, r + 2],
    );
    assert_beats(g, 0.15, "pimc, partnerships (ticks)");
}

#[test]
fn pimc_beats_heuristic_na_sixty_six_three_hands() {
    let opts = NaOptions::THREE_HANDS;
    let g = duplicate_gain(
        30,
        3,
        3,
        |seed| NaSixtySix::from_seed(seed, opts, Seat((seed % 3) as u8)),
        &pimc_bot,
        &|_| Box::new(NaHeuristic),
        |r| vec![r],
    );
    assert_beats(g, 0.15, "pimc, three hands (ticks)");
}

#[test]
fn search_beats_heuristic_sixes_and_sevens() {
    let opts = SevensOptions {
        players: 4,
        ..SevensOptions::DEFAULT
    };
    let g = duplicate_gain(
        20,
        4,
        4,
        |seed| Sevens::from_seed(seed, opts, Seat((seed % 4) as u8)),
        &|seed| {
            Box::new(talon_bots::IsmctsBot::<Sevens>::new(
                "search",
                config(200, 1.5),
                seed,
            ))
        },
        &|_| Box::new(SevensHeuristic),
        |r| vec![r],
    );
    assert_beats(g, 0.5, "sixes and sevens (tricks)");
}

/// Every registered name plays a legal deal in every preset of the two
/// families (with 3 and 6 players and wild Aces in Sixes and Sevens), and
/// `expert` is the strongest named bot there.
#[test]
fn registered_levels_play_every_preset() {
    use talon_bots::{bot_names, strongest, AnyBot};
    use talon_rules::{AnyGame, Preset, Setup};
    let six = vec![
        ("players".to_string(), "6".to_string()),
        ("ace_wild".to_string(), "true".to_string()),
    ];
    let three = vec![("players".to_string(), "3".to_string())];
    let cases: Vec<(Preset, Vec<(String, String)>)> = vec![
        (Preset::NaSixtySix, vec![]),
        (Preset::NaSixtySix3, vec![]),
        (Preset::SixtySixFour, vec![]),
        (Preset::SixesAndSevens, three),
        (Preset::SixesAndSevens, six),
    ];
    for (preset, options) in cases {
        assert_eq!(strongest(preset), "expert");
        let names = bot_names(preset);
        assert!(names.contains(&"expert") && names.contains(&"intermediate"));
        // The expert's budget is slow in debug builds; the levels share code.
        for name in ["random", "heuristic", "beginner"] {
            let mut game = AnyGame::new(preset, &options, &Setup::Seed(5)).unwrap();
            let mut bots: Vec<AnyBot> = (0..game.seats())
                .map(|s| AnyBot::new(name, preset, u64::from(s)).unwrap())
                .collect();
            while let Some(seat) = game.to_move() {
                let a = bots[seat.index()].choose(&game).unwrap();
                game.play(&a).unwrap();
            }
        }
        assert!(AnyBot::new("nobody", preset, 0).is_err());
    }
}
