//! Random-play simulation of North American Sixty-six through the generic
//! conformance checks, for both table sizes and the option values that
//! change the flow of a deal. The full run (100,000 deals per preset) is
//! `#[ignore]`d; CI runs it in release with `--include-ignored`.

use talon_cards::{Card, Deck, Rank, Seat, Suit};
use talon_rules::conformance::random_playout;
use talon_rules::na_sixty_six::{Action, NaMatch, NaOptions, NaSixtySix, Phase};
use talon_rules::shuffle::rng_from_seed;
use talon_rules::Game;

fn probes() -> Vec<Action> {
    let mut v = vec![Action::Pass];
    v.extend((0..=6).map(Action::Bid));
    for c in Deck::ThirtyTwo.ordered() {
        v.push(Action::Play(c));
        v.push(Action::Discard(c));
        v.push(Action::Marriage(c));
    }
    v.push(Action::Play(Card::new(Suit::Clubs, Rank::Two)));
    v
}

struct Tally {
    deals: u64,
    passed_out: u64,
    made: u64,
    moons: u64,
}

fn simulate(name: &str, opts: NaOptions, deals: u64, probe_every: u64) -> Tally {
    let probes = probes();
    let mut rng = rng_from_seed(0x66 ^ deals ^ u64::from(opts.players));
    let mut t = Tally {
        deals,
        passed_out: 0,
        made: 0,
        moons: 0,
    };
    let n = opts.players;
    for seed in 0..deals {
        let mut g = NaSixtySix::from_seed(seed, opts, Seat((seed % u64::from(n)) as u8));
        let p: &[Action] = if seed % probe_every == 0 {
            &probes
        } else {
            &[]
        };
        random_playout(&mut g, &mut rng, p, |g: &NaSixtySix| {
            g.check_conservation()?;
            // A moon partner never gets the turn.
            if g.phase() == Phase::Play && g.to_move() == g.sitting_out() {
                return Err("the moon partner is to move".into());
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
        let r = *g.result().expect("finished");
        if r.passed_out {
            t.passed_out += 1;
            assert!(g.returns().unwrap().iter().all(|&x| x == 0));
            continue;
        }
        if opts.form == talon_rules::na_sixty_six::Form::TurnedTrump {
            // 120 card points and 10 for the last trick; the side with more
            // scores 1-3 (+1 at most for the ten of trumps).
            assert_eq!(
                r.card_points[0] + r.card_points[1],
                120,
                "{name} seed {seed}"
            );
            assert_eq!(r.points[0] + r.points[1], 130, "{name} seed {seed}");
            let bonus = i16::from(opts.ten_of_trumps);
            match r.winner_side {
                Some(w) => {
                    assert!((1..=3 + bonus).contains(&r.score[w]), "{name} seed {seed}");
                    assert!(r.score[1 - w] <= bonus, "{name} seed {seed}");
                    t.made += u64::from(w == 0);
                }
                None => assert_eq!(r.points[0], 65),
            }
            continue;
        }
        let sides = opts.sides();
        let card_total: u16 = r.card_points[..sides].iter().sum();
        if g.sitting_out().is_none() {
            assert_eq!(
                card_total, 120,
                "{name} seed {seed}: every card point is taken"
            );
        }
        if r.bid == talon_rules::na_sixty_six::MOON {
            t.moons += 1;
        }
        if r.made == Some(true) {
            t.made += 1;
        } else {
            let b = g.side(r.bidder.unwrap());
            assert_eq!(
                r.score[b],
                -i16::from(r.bid),
                "{name} seed {seed}: set loses the bid"
            );
        }
    }
    t
}

fn variants() -> Vec<(&'static str, NaOptions)> {
    let mut v = vec![
        ("na-sixty-six", NaOptions::FOUR_HANDS),
        ("na-sixty-six-3", NaOptions::THREE_HANDS),
        ("sixty-six-4", NaOptions::HOYLE_FOUR),
    ];
    let mut o = NaOptions::HOYLE_FOUR;
    o.ten_of_trumps = true;
    v.push(("sixty-six-4 ten of trumps", o));
    let mut o = NaOptions::FOUR_HANDS;
    o.head_partner = false;
    o.rank_order = talon_rules::na_sixty_six::RankOrder::TenHigh;
    o.all_pass = talon_rules::na_sixty_six::AllPass::DealerBids;
    o.moon_scoring = talon_rules::na_sixty_six::MoonScoring::Points165;
    v.push(("na-sixty-six variant options", o));
    let mut o = NaOptions::THREE_HANDS;
    o.widow = talon_rules::na_sixty_six::Widow::Exchange;
    o.widow_shown = true;
    o.moon = true;
    o.last_trick_bonus = 10;
    v.push(("na-sixty-six-3 exchange", o));
    let mut o = NaOptions::THREE_HANDS;
    o.widow = talon_rules::na_sixty_six::Widow::Exchange;
    v.push(("na-sixty-six-3 exchange hidden", o));
    v
}

#[test]
fn random_deals_quick() {
    for (name, opts) in variants() {
        let t = simulate(name, opts, 1_500, 5);
        assert!(
            t.made > 0 && t.made < t.deals,
            "{name}: bids both made and set"
        );
    }
}

#[test]
#[ignore = "100,000 deals per preset: run in release by CI with --include-ignored"]
fn random_deals_full() {
    for (name, opts) in variants() {
        let t = simulate(name, opts, 100_000, 101);
        eprintln!(
            "{name}: {} deals, {} passed out, {} bids made (sixty-six-4: deals won by side 0), {} moons",
            t.deals, t.passed_out, t.made, t.moons
        );
    }
}

#[test]
fn random_matches_end() {
    for (name, opts) in variants() {
        let mut rng = rng_from_seed(9);
        for m in 0..50u64 {
            let mut sheet = NaMatch::new(opts, Seat(0));
            let mut seed = m * 1000;
            while sheet.winner().is_none() {
                let mut g = sheet.deal_from_seed(seed);
                seed += 1;
                // Random bidding sets almost every bid and no side ever
                // reaches the target, so the first speaker bids 1 and the
                // rest pass; play is random.
                while g.phase() == Phase::Bidding {
                    let a = if g.high_bid() == 0 {
                        Action::Bid(1)
                    } else {
                        Action::Pass
                    };
                    g.play(a).unwrap();
                }
                random_playout(&mut g, &mut rng, &[], |_| Ok(()))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                // Every deal shows the sheet as it stood, to every seat.
                let shown = g.sheet().expect("a game's deal shows the sheet");
                assert_eq!(&shown.scores[..opts.sides()], &sheet.scores[..]);
                assert_eq!(g.observation(Seat(1)).sheet, Some(shown));
                let resumed = NaMatch::resume(opts, sheet.dealer, &shown);
                assert_eq!(
                    (&resumed.scores, resumed.carry),
                    (&sheet.scores, sheet.carry)
                );
                assert!(sheet.record(g.result().unwrap()));
                assert!(sheet.deals_played < 10_000, "{name}: game never ends");
            }
            let w = sheet.winner().unwrap();
            assert!(sheet.scores[w] >= i32::from(opts.target));
        }
    }
}

fn deal(text: &str, opts: NaOptions) -> NaSixtySix {
    let d = talon_rules::na_sixty_six::Deal::parse_for(text, &opts).unwrap();
    NaSixtySix::new(&d, opts).unwrap()
}

fn play(g: &mut NaSixtySix, actions: &str) {
    for a in actions.split(',') {
        let a = g.parse_action(a.trim()).unwrap();
        g.play(a).unwrap();
    }
}

const T1: &str = "2/AH KH QH AS KS 9C TC/JH TH 9H QS JS TS 9S/AC KC QC JC AD KD QD/JD TD 9D";

#[test]
fn widow_hidden_until_won_then_only_to_its_winner() {
    let widow: talon_cards::CardSet = "JD TD 9D".parse().unwrap();
    let mut g = deal(T1, NaOptions::THREE_HANDS);
    for s in 0..3 {
        assert_eq!(
            g.hidden_from(Seat(s)) & widow,
            widow,
            "hidden from all before"
        );
        assert!(g.observe(Seat(s)).widow.is_none());
    }
    play(&mut g, "bid 1, pass, pass, AH, 9H, JC");
    assert_eq!(g.observe(Seat(0)).widow, Some(widow));
    assert!((g.hidden_from(Seat(0)) & widow).is_empty());
    for s in 1..3 {
        assert_eq!(g.hidden_from(Seat(s)) & widow, widow);
        assert!(g.observe(Seat(s)).widow.is_none());
    }
    let mut shown = NaOptions::THREE_HANDS;
    shown.widow_shown = true;
    let mut g = deal(T1, shown);
    play(&mut g, "bid 1, pass, pass, AH, 9H, JC");
    for s in 0..3 {
        assert_eq!(g.observe(Seat(s)).widow, Some(widow));
    }
}

#[test]
fn laid_away_cards_seen_only_by_their_owner() {
    let mut o = NaOptions::THREE_HANDS;
    o.widow = talon_rules::na_sixty_six::Widow::Exchange;
    let mut g = deal(T1, o);
    play(
        &mut g,
        "bid 1, pass, pass, AH, 9H, JC, discard KS, discard TD, discard 9D",
    );
    let away: talon_cards::CardSet = "KS TD 9D".parse().unwrap();
    assert_eq!(g.observe(Seat(0)).laid_away, away);
    for s in 1..3 {
        assert_eq!(g.hidden_from(Seat(s)) & away, away);
        assert!(g.observe(Seat(s)).laid_away.is_empty());
    }
    talon_rules::conformance::check_privacy(&g).unwrap();
}

#[test]
fn moon_partner_hand_stays_face_down() {
    let n1 = "3/KH QH AH 9C TC JS/AC KC 9H TH QS KS/QC JC JH AS TS 9S/9D TD JD QD KD AD";
    let mut g = deal(n1, NaOptions::FOUR_HANDS);
    play(&mut g, "moon");
    assert_eq!(g.sitting_out(), Some(Seat(2)));
    let down = g.hand(Seat(2));
    for s in [0, 1, 3] {
        assert_eq!(g.hidden_from(Seat(s)) & down, down);
    }
    play(
        &mut g,
        "AH, 9H, 9D, KH, TH, TD, QH, QS, JD, JS, KS, QD, AC, KD, 9C, KC, AD, TC",
    );
    assert!(g.is_over());
    assert_eq!(g.hand(Seat(2)), down, "the face-down hand is never played");
    for s in [0, 1, 3] {
        assert_eq!(
            g.hidden_from(Seat(s)) & down,
            down,
            "still unseen at the end"
        );
    }
}

#[test]
fn bad_input_is_typed_and_changes_nothing() {
    let n1 = "3/KH QH AH 9C TC JS/AC KC 9H TH QS KS/QC JC JH AS TS 9S/9D TD JD QD KD AD";
    let g = deal(n1, NaOptions::FOUR_HANDS);
    let e = g.parse_action("bid 9").unwrap_err();
    assert!(e.reason.contains("out of range"), "{e}");
    let mut h = g.clone();
    let e = h.play(Action::Play("AC".parse().unwrap())).unwrap_err();
    assert_eq!(e.to_move, Some(Seat(0)));
    assert_eq!(h, g);
    let mut o = NaOptions::FOUR_HANDS;
    let e = o.set("moon_scoring", "never").unwrap_err();
    assert!(e.to_string().contains("moon_scoring"));
    assert!(o.set("no_such_option", "1").is_err());
    assert_eq!(o, NaOptions::FOUR_HANDS);
    let e = talon_rules::na_sixty_six::Deal::parse("3/KH/AC/QC/9D", 4).unwrap_err();
    assert!(e.to_string().contains("seat 0"), "{e}");
}

#[test]
fn bidders_out_when_both_sides_pass_the_target() {
    use talon_rules::na_sixty_six::NaResult;
    let mut m = NaMatch::new(NaOptions::FOUR_HANDS, Seat(3));
    m.scores = vec![8, 9];
    let r = NaResult {
        passed_out: false,
        bidder: Some(Seat(0)),
        bid: 1,
        made: Some(true),
        points: [70, 50, 0],
        card_points: [70, 50, 0],
        lost_marriages: [0; 3],
        tricks: [3, 3, 0],
        score: [2, 1, 0],
        winner_side: None,
        tied: false,
    };
    m.record(&r);
    assert_eq!(m.scores, vec![10, 10]);
    assert_eq!(m.winner(), Some(0), "the bidding side goes out first");
    assert!(!m.record(&r), "nothing is booked after the game is won");
    assert_eq!(m.dealer, Seat(0), "the deal passed left");
}

#[test]
fn turned_trump_card_is_public() {
    let h2 = "3/KH JH 7C 8C 9C JC 7D 8D/QH 8H QC KC 9D JD 7S 8S/AH 9H TC AC QD KD 9S JS/TH 7H TD AD QS KS TS AS/AS";
    let g = deal(h2, NaOptions::HOYLE_FOUR);
    let turned: talon_cards::Card = "AS".parse().unwrap();
    for s in 0..4 {
        assert!(!g.hidden_from(Seat(s)).contains(turned));
        assert_eq!(g.observe(Seat(s)).turned, Some(turned));
    }
    // The dealer's other cards stay hidden.
    assert!(g.hidden_from(Seat(0)).contains("KS".parse().unwrap()));
    let e = talon_rules::na_sixty_six::Deal::parse_for(
        "3/KH JH 7C 8C 9C JC 7D 8D/QH 8H QC KC 9D JD 7S 8S/AH 9H TC AC QD KD 9S JS/TH 7H TD AD QS KS TS AS/KH",
        &NaOptions::HOYLE_FOUR,
    )
    .unwrap_err();
    assert!(e.to_string().contains("turned trump"), "{e}");
}

#[test]
fn a_tied_deal_carries_a_point_to_the_next_winner() {
    use talon_rules::na_sixty_six::NaResult;
    let mut m = NaMatch::new(NaOptions::HOYLE_FOUR, Seat(3));
    let mut r = NaResult {
        passed_out: false,
        bidder: None,
        bid: 0,
        made: None,
        points: [65, 65, 0],
        card_points: [60, 60, 0],
        lost_marriages: [0; 3],
        tricks: [4, 4, 0],
        score: [0, 0, 0],
        winner_side: None,
        tied: true,
    };
    m.record(&r);
    assert_eq!((m.scores.clone(), m.carry), (vec![0, 0], 1));
    r.tied = false;
    r.winner_side = Some(1);
    r.score = [0, 1, 0];
    m.record(&r);
    assert_eq!((m.scores.clone(), m.carry), (vec![0, 2], 0));
}
