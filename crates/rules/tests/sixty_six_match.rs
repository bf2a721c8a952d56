//! The Sixty-six family's match: each deal carries the score sheet, every
//! seat sees it, sampled worlds keep it, and its match equity values the
//! deal's outcomes for search.

use talon_cards::Seat;
use talon_rules::shuffle::rng_from_seed;
use talon_rules::sixty_six::{MatchValue, SixtySix, SixtySixMatch, SixtySixOptions};
use talon_rules::{AnyGame, AnyMatch, Determinize, Game, Preset, SolverGame};

/// Plays a deal out by always taking the first legal action.
fn play_out(g: &mut SixtySix) {
    while g.to_move().is_some() {
        let mut legal = talon_rules::ActionList::new();
        g.legal_actions(&mut legal);
        g.play_unchecked(legal[0]);
    }
}

#[test]
fn match_deals_show_the_score_sheet() {
    let opts = SixtySixOptions::SCHNAPSEN;
    let mut m = SixtySixMatch::new(opts, Seat(1));
    assert!(SixtySix::from_seed(1, opts, Seat(1)).sheet().is_none());
    let mut g = m.deal_from_seed(1);
    assert_eq!(g.sheet().map(|s| s.scores), Some([0, 0]));
    play_out(&mut g);
    let result = *g.result().expect("over");
    assert!(m.record(&result));
    let g = m.deal_from_seed(2);
    let sheet = g.sheet().expect("a match deal has a sheet");
    assert_eq!(sheet.scores, m.scores);
    assert_eq!(sheet.target, 7);
    // Every seat sees it, and sampled worlds keep it.
    for seat in [Seat(0), Seat(1)] {
        let obs = g.observe(seat);
        assert_eq!(obs.sheet.as_ref(), Some(sheet));
        let mut rng = rng_from_seed(5);
        assert_eq!(SixtySix::sample(&obs, &mut rng).sheet(), Some(sheet));
    }
}

#[test]
fn any_match_deals_through_the_sheet() {
    let mut m = AnyMatch::new(Preset::SixtySix, &[], 3).expect("a match");
    let mut seed = 10;
    while m.winner().is_none() {
        let mut deal = m.next_deal(seed);
        seed += 1;
        let AnyGame::SixtySix { game, .. } = &deal else {
            panic!("a Sixty-six deal");
        };
        let scores = m.scores();
        let sheet = game.sheet().expect("the deal carries the sheet");
        assert_eq!(sheet.scores.map(i32::from).to_vec(), scores);
        while deal.to_move().is_some() {
            let legal = deal.legal_actions();
            deal.play(&legal[0]).expect("a legal action");
        }
        m.record(&deal).expect("the match's own deal is booked");
        if m.winner().is_none() {
            let again = m.record(&deal).expect_err("a deal is booked once");
            assert!(again.contains("turn to deal"), "{again}");
        }
    }
    let over = m.record(&m.next_deal(seed)).expect_err("the match is over");
    assert_eq!(over, "the match is over");
}

#[test]
fn a_match_refuses_another_games_deal() {
    let mut m = AnyMatch::new(Preset::SixtySix, &[], 3).expect("a match");
    let mut other = AnyMatch::new(Preset::Schnapsen, &[], 3).expect("a match");
    let mut deal = other.next_deal(1);
    let mut early = m.next_deal(1);
    assert_eq!(
        m.record(&early),
        Err("the deal is not over yet".to_string())
    );
    while deal.to_move().is_some() {
        let legal = deal.legal_actions();
        deal.play(&legal[0]).expect("a legal action");
    }
    let err = m
        .record(&deal)
        .expect_err("a Schnapsen deal in a Sixty-six match");
    assert!(err.contains("another game"), "{err}");
    assert_eq!(m.deals_played(), 0);
    other.record(&deal).expect("its own match books it");
    while early.to_move().is_some() {
        let legal = early.legal_actions();
        early.play(&legal[0]).expect("a legal action");
    }
    m.record(&early).expect("booked once over");
}

#[test]
fn match_equity_rewards_follow_the_sheet() {
    let opts = SixtySixOptions::SCHNAPSEN;
    let lone = SixtySix::from_seed(4, opts, Seat(1));
    // A lone deal is valued by its game points, as before.
    assert_eq!(lone.value_reward(2), 2.0);
    // Half the reward is the deal's game points, half the match equity.
    let equity = |g: &SixtySix, v: i32| g.value_reward(v) - f64::from(v) / 2.0;
    // At 6-6 every win is the match: a schneider adds equity no more.
    let last = SixtySix::from_seed(4, opts, Seat(1))
        .with_sheet([6, 6])
        .with_match_value(MatchValue::Equity);
    assert_eq!(equity(&last, 1), equity(&last, 3));
    assert_eq!(equity(&last, 1), 2.5);
    assert_eq!(last.value_reward(-1), -last.value_reward(1));
    assert!(last.value_reward(3) > last.value_reward(1));
    // At 0-0 more game points are worth more, roughly in proportion.
    let first = SixtySix::from_seed(4, opts, Seat(1))
        .with_sheet([0, 0])
        .with_match_value(MatchValue::Equity);
    let (one, three) = (first.value_reward(1), first.value_reward(3));
    assert!(
        one > 0.5 && three > 2.5 * one && three < 3.5 * one,
        "{one} {three}"
    );
    // Seat 1 needing one point: seat 0 can only save the match by winning.
    let behind = SixtySix::from_seed(4, opts, Seat(1))
        .with_sheet([0, 6])
        .with_match_value(MatchValue::Equity);
    assert!(equity(&behind, -1) == equity(&behind, -3));
    assert!(behind.value_reward(3) > behind.value_reward(1));
}

#[test]
fn target_rewards_are_game_points_unless_the_deal_decides_the_match() {
    let opts = SixtySixOptions::SCHNAPSEN;
    let at = |scores: [u16; 2]| SixtySix::from_seed(4, opts, Seat(1)).with_sheet(scores);
    // The default: game points while the match goes on.
    let first = at([0, 0]);
    for v in [-3, -2, -1, 1, 2, 3] {
        assert_eq!(first.value_reward(v), f64::from(v));
    }
    // At 6-6 (target 7) any win is the match, worth more than three.
    let last = at([6, 6]);
    assert_eq!(last.value_reward(1), 4.0);
    assert_eq!(last.value_reward(3), 4.0);
    assert_eq!(last.value_reward(-1), -4.0);
    // At 5-0 two game points win the match, one does not.
    let near = at([5, 0]);
    assert_eq!(near.value_reward(1), 1.0);
    assert_eq!(near.value_reward(2), 4.0);
    assert_eq!(near.value_reward(-3), -3.0);
    // Never decreasing in the value on any sheet (PIMC's averages rely on it).
    for a in 0..7 {
        for b in 0..7 {
            let g = at([a, b]);
            for v in -3..3 {
                assert!(g.value_reward(v) <= g.value_reward(v + 1), "{a}-{b} at {v}");
            }
        }
    }
}
