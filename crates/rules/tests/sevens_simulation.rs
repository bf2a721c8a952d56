//! Random-play simulation of Sixes and Sevens through the generic
//! conformance checks, for every table size (3 to 6) and option. The full
//! run (50,000 deals per player count and option set) is `#[ignore]`d; CI runs it in
//! release with `--include-ignored`.

use talon_cards::{Deck, Seat};
use talon_rules::conformance::random_playout;
use talon_rules::sevens::{cut_for_dealer, Action, SevensMatch, SevensOptions, Tie, Winner};
use talon_rules::shuffle::rng_from_seed;

fn probes() -> Vec<Action> {
    let mut v: Vec<Action> = Deck::FiftyTwo
        .ordered()
        .into_iter()
        .map(Action::Play)
        .collect();
    v.push(Action::Ace { odd: true });
    v.push(Action::Ace { odd: false });
    v
}

fn options() -> Vec<SevensOptions> {
    let mut v = Vec::new();
    for players in 3..=6 {
        v.push(SevensOptions {
            players,
            ..SevensOptions::DEFAULT
        });
        v.push(SevensOptions {
            players,
            ace_wild: true,
            tie: Tie::Lowest,
            winner: Winner::Fewest,
        });
    }
    v
}

/// Plays `deals` random deals; returns how many tricks were taken by the
/// leader of the trick (a sanity figure).
fn simulate(opts: SevensOptions, deals: u64, probe_every: u64) -> u64 {
    let probes = probes();
    let n = opts.players;
    let mut rng = rng_from_seed(0x67 ^ deals ^ u64::from(n));
    let mut led_wins = 0;
    for seed in 0..deals {
        let mut g =
            talon_rules::sevens::Sevens::from_seed(seed, opts, Seat((seed % u64::from(n)) as u8));
        let p: &[Action] = if seed % probe_every == 0 {
            &probes
        } else {
            &[]
        };
        random_playout(&mut g, &mut rng, p, |g| g.check_conservation())
            .unwrap_or_else(|e| panic!("{opts:?} seed {seed}: {e}"));
        assert_eq!(
            g.history().len(),
            opts.hand_size(),
            "one trick per card held"
        );
        let total: i32 = g.returns().unwrap().iter().sum::<i32>().abs();
        assert_eq!(total as usize, opts.hand_size());
        led_wins += g.history().iter().filter(|t| t.winner == t.leader).count() as u64;
    }
    led_wins
}

#[test]
fn random_deals_quick() {
    for opts in options() {
        simulate(opts, 1_000, 7);
    }
}

#[test]
#[ignore = "50,000 deals per player count and option set: run in release by CI"]
fn random_deals_full() {
    // 400,000 deals in all, about 25 s of CPU: sized to keep the whole
    // suite well inside CI's budget (twice as many found nothing more).
    const DEALS: u64 = 50_000;
    for opts in options() {
        let led = simulate(opts, DEALS, 101);
        eprintln!(
            "{opts:?}: {DEALS} deals, leader won {:.1}% of tricks",
            100.0 * led as f64 / (DEALS as f64 * opts.hand_size() as f64)
        );
    }
}

#[test]
fn cutting_picks_one_highest_card() {
    for players in 3..=6u8 {
        for seed in 0..500 {
            let (dealer, rounds) = cut_for_dealer(seed, players);
            let last = rounds.last().unwrap();
            let top = last.cuts.iter().map(|c| c.1.rank_index()).max().unwrap();
            let winners: Vec<_> = last
                .cuts
                .iter()
                .filter(|c| c.1.rank_index() == top)
                .collect();
            assert_eq!(winners.len(), 1);
            assert_eq!(winners[0].0, dealer);
            assert_eq!(rounds[0].cuts.len(), players as usize);
            // Every later round is exactly the players tied on top before.
            for w in rounds.windows(2) {
                let top = w[0].cuts.iter().map(|c| c.1.rank_index()).max().unwrap();
                let tied: Vec<Seat> = w[0]
                    .cuts
                    .iter()
                    .filter(|c| c.1.rank_index() == top)
                    .map(|c| c.0)
                    .collect();
                assert!(tied.len() > 1);
                assert_eq!(tied, w[1].cuts.iter().map(|c| c.0).collect::<Vec<_>>());
            }
            assert_eq!(cut_for_dealer(seed, players).0, dealer, "seeded: replays");
        }
    }
}

#[test]
fn a_game_is_one_deal_per_player() {
    for opts in options() {
        let mut rng = rng_from_seed(3);
        let mut m = SevensMatch::new(opts, 42);
        let mut dealers = Vec::new();
        let mut seed = 0;
        while !m.is_over() {
            let mut g = m.deal_from_seed(seed);
            seed += 1;
            dealers.push(g.dealer());
            random_playout(&mut g, &mut rng, &[], |_| Ok(())).unwrap();
            assert!(m.record(&g));
        }
        assert_eq!(dealers.len(), opts.players as usize);
        for w in dealers.windows(2) {
            assert_eq!(w[1], w[0].next(opts.players), "the deal passes left");
        }
        let total: u32 = m.totals.iter().sum();
        assert_eq!(total as usize, opts.players as usize * opts.hand_size());
        assert!(!m.winners().unwrap().is_empty());
    }
}

#[test]
fn leftover_cards_stay_unseen() {
    for players in [3u8, 5, 6] {
        let opts = SevensOptions {
            players,
            ..SevensOptions::DEFAULT
        };
        let d = talon_rules::sevens::Deal::from_seed(5, players, Seat(0));
        assert_eq!(d.leftover.len(), 52 % players as usize);
        let mut g = talon_rules::sevens::Sevens::new(&d, opts).unwrap();
        let mut rng = rng_from_seed(1);
        random_playout(&mut g, &mut rng, &[], |_| Ok(())).unwrap();
        for s in 0..players {
            use talon_rules::Game;
            assert_eq!(g.hidden_from(Seat(s)) & d.leftover, d.leftover);
        }
    }
}

#[test]
fn standings_most_and_fewest() {
    use talon_rules::sevens::standings;
    let totals = [5, 9, 5, 3];
    let most = standings(&totals, Winner::Most);
    assert_eq!(most[0], (Seat(1), 9, 1));
    assert_eq!(most[1], (Seat(0), 5, 2));
    assert_eq!(most[2], (Seat(2), 5, 2), "equal totals share a place");
    assert_eq!(most[3], (Seat(3), 3, 4));
    let fewest = standings(&totals, Winner::Fewest);
    assert_eq!(fewest[0], (Seat(3), 3, 1));
    assert_eq!(fewest[3], (Seat(1), 9, 4));
}
