//! What the opponent's play says about its hand (Sixty-six family, while
//! the talon is open).
//!
//! A uniform sample treats every hand the rules allow as equally likely,
//! though a player holding the ace of a ten it let through, or a marriage
//! it did not meld, would mostly have played otherwise. Here each sampled
//! opponent hand is weighed by how likely its play so far was under a
//! model of the opponent: the heuristic, followed with probability
//! `1 − ε` and otherwise a uniformly random legal move. To ask the model,
//! the deal is rebuilt from the observation and the sampled hand (which of
//! the opponent's cards it drew, and when, is drawn at random among the
//! orders its play allows) and replayed move by move.
//!
//! Only the observing seat's observation and the sampled world are read:
//! the weights never see the true deal.

use crate::{Bot, SixtySixHeuristic};
use rand_core::RngCore;
use talon_cards::{Card, CardSet, Rank, Seat};
use talon_rules::shuffle::below;
use talon_rules::sixty_six::{Action, Deal, Event, Phase, SixtySix, SixtySixObservation};
use talon_rules::ActionList;

/// Weighted opponent hands for one decision.
pub struct WorldPool {
    hidden: Vec<CardSet>,
    /// Running sums of the weights.
    cumulative: Vec<f64>,
}

impl WorldPool {
    /// `candidates` opponent hands drawn uniformly, each weighed by the
    /// model's likelihood of the opponent's play; `None` while there is
    /// little to weigh or nothing left to draw (before the first trick is
    /// over, or once the talon is closed or gone: then the rules of
    /// following already constrain the sample).
    pub fn new<R: RngCore + ?Sized>(
        obs: &SixtySixObservation,
        candidates: usize,
        epsilon: f64,
        rng: &mut R,
    ) -> Option<WorldPool> {
        if !weighed(obs) {
            return None;
        }
        let mut hidden = Vec::with_capacity(candidates);
        let mut cumulative = Vec::with_capacity(candidates);
        let mut total = 0.0;
        for _ in 0..candidates {
            let h = SixtySix::sample_opponent_hidden(obs, rng);
            let w = likelihood(obs, h, epsilon, rng).unwrap_or(0.0);
            total += w;
            hidden.push(h);
            cumulative.push(total);
        }
        (total > 0.0).then_some(WorldPool { hidden, cumulative })
    }

    /// A world: an opponent hand by weight, the talon shuffled afresh.
    pub fn sample<R: RngCore + ?Sized>(&self, obs: &SixtySixObservation, rng: &mut R) -> SixtySix {
        let total = *self.cumulative.last().expect("a pool is never empty");
        let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let i = self
            .cumulative
            .partition_point(|&c| c <= x)
            .min(self.hidden.len() - 1);
        SixtySix::sample_given(obs, self.hidden[i], rng)
    }
}

/// Whether the opponent's play is weighed: while the talon is open, once a
/// trick is over.
fn weighed(obs: &SixtySixObservation) -> bool {
    obs.trump_card.is_some() && obs.closed.is_none() && !obs.tricks.is_empty()
}

/// The cards `seat` played, by trick (the current trick's lead included,
/// as trick `obs.tricks.len()`).
fn played_by(obs: &SixtySixObservation, seat: Seat) -> Vec<(usize, Card)> {
    let mut out = Vec::new();
    for (i, t) in obs.tricks.iter().enumerate() {
        let k = usize::from(t.leader != seat);
        out.push((i, t.cards[k]));
    }
    if let (Some(c), true) = (obs.lead_card, obs.leader == seat) {
        out.push((obs.tricks.len(), c));
    }
    out
}

/// Cards `seat` showed it held before the lead of a trick: melded
/// marriages and the card given in an exchange, with that trick.
fn shown_by(obs: &SixtySixObservation, seat: Seat) -> Vec<(usize, Card)> {
    let mut out = Vec::new();
    for e in &obs.events {
        match *e {
            Event::Meld {
                seat: s,
                suit,
                trick,
                ..
            } if s == seat => {
                out.push((trick.into(), Card::new(suit, Rank::King)));
                out.push((trick.into(), Card::new(suit, Rank::Queen)));
            }
            Event::Exchange {
                seat: s,
                gave,
                trick,
                ..
            } if s == seat => {
                out.push((trick.into(), gave));
            }
            _ => {}
        }
    }
    out
}

/// The card `seat` took by exchange, if it did.
fn took_by(obs: &SixtySixObservation, seat: Seat) -> Option<Card> {
    obs.events.iter().find_map(|e| match *e {
        Event::Exchange { seat: s, took, .. } if s == seat => Some(took),
        _ => None,
    })
}

/// Rebuilds the deal as dealt from `obs` with the opponent's unknown cards
/// `hidden`: its draws are placed at random among the orders its play
/// allows (a card drawn after trick `r` was neither played nor shown by
/// trick `r`). `None` if no order fits.
fn rebuild<R: RngCore + ?Sized>(
    obs: &SixtySixObservation,
    hidden: CardSet,
    rng: &mut R,
) -> Option<Deal> {
    let me = obs.seat;
    let opp = me.opponent();
    let rounds = obs.drawn.len();
    let opp_played = played_by(obs, opp);
    let opp_shown = shown_by(obs, opp);
    let opp_took = took_by(obs, opp);
    let opp_now = obs.opponent_known() | hidden;
    // From the last draw back: a card drawn after trick r is one the
    // opponent still held after it and had not shown by then.
    let mut opp_drawn = vec![None; rounds];
    let mut assigned = CardSet::EMPTY;
    for r in (0..rounds).rev() {
        let mut pool = opp_now;
        for &(t, c) in &opp_played {
            if t > r {
                pool.insert(c);
            }
        }
        for &(t, c) in &opp_shown {
            if t > r {
                pool.insert(c);
            }
        }
        for &(t, c) in &opp_shown {
            if t <= r {
                pool.remove(c);
            }
        }
        if let Some(c) = opp_took {
            pool.remove(c);
        }
        pool = pool - assigned;
        if pool.is_empty() {
            return None;
        }
        let pick = pool.iter().nth(below(rng, pool.len() as u64) as usize)?;
        assigned.insert(pick);
        opp_drawn[r] = Some(pick);
    }
    let through = |now: CardSet, played: &[(usize, Card)], shown: &[(usize, Card)]| {
        let mut all = now;
        for &(_, c) in played.iter().chain(shown) {
            all.insert(c);
        }
        all
    };
    let mut opp_dealt = through(opp_now, &opp_played, &opp_shown) - assigned;
    if let Some(c) = opp_took {
        opp_dealt.remove(c);
    }
    let my_drawn: CardSet = obs.drawn.iter().copied().collect();
    let mut my_dealt = through(obs.hand, &played_by(obs, me), &shown_by(obs, me)) - my_drawn;
    if let Some(c) = took_by(obs, me) {
        my_dealt.remove(c);
    }
    let trump_card = obs
        .events
        .iter()
        .find_map(|e| match *e {
            Event::Exchange { took, .. } => Some(took),
            _ => None,
        })
        .or(obs.trump_card)?;
    let rest = SixtySix::talon_given(obs, hidden, rng);
    let mut talon = Vec::with_capacity(2 * rounds + rest.len());
    for (r, (trick, &mine)) in obs.tricks.iter().zip(&obs.drawn).enumerate() {
        let theirs = opp_drawn[r]?;
        if trick.winner == me {
            talon.extend([mine, theirs]);
        } else {
            talon.extend([theirs, mine]);
        }
    }
    talon.extend_from_slice(&rest);
    let mut hands = [CardSet::EMPTY; 2];
    hands[me.index()] = my_dealt;
    hands[opp.index()] = opp_dealt;
    let deal = Deal {
        dealer: obs.dealer,
        hands,
        trump_card,
        talon,
    };
    deal.validate(obs.options.hand_size).ok()?;
    Some(deal)
}

/// The model's probability of the opponent's play so far, were its unknown
/// cards `hidden`; `None` if the rebuilt deal does not replay to `obs`.
pub fn likelihood<R: RngCore + ?Sized>(
    obs: &SixtySixObservation,
    hidden: CardSet,
    epsilon: f64,
    rng: &mut R,
) -> Option<f64> {
    replay(obs, hidden, epsilon, rng).map(|(_, p)| p)
}

/// The rebuilt deal played to where `obs` stands, and the model's
/// probability of the opponent's moves on the way.
fn replay<R: RngCore + ?Sized>(
    obs: &SixtySixObservation,
    hidden: CardSet,
    epsilon: f64,
    rng: &mut R,
) -> Option<(SixtySix, f64)> {
    let mut model = SixtySixHeuristic;
    let deal = rebuild(obs, hidden, rng)?;
    let mut state = SixtySix::new(&deal, obs.options).ok()?;
    let opp = obs.seat.opponent();
    let mut p = 1.0;
    let mut legal = ActionList::new();
    for action in actions_of(obs) {
        // A winner who may close before drawing drew (the talon is open).
        if state.phase() == Phase::PreDraw && !draw(&mut state) {
            return None;
        }
        if !state.is_legal(action) {
            return None;
        }
        if state.to_move() == Some(opp) {
            state.legal_actions(&mut legal);
            if legal.len() > 1 {
                let n = legal.len() as f64;
                let chosen = model.choose(&state.observation(opp), &legal);
                p *= epsilon / n + if chosen == action { 1.0 - epsilon } else { 0.0 };
            }
        }
        state.apply(action);
    }
    if obs.phase != Phase::PreDraw && state.phase() == Phase::PreDraw && !draw(&mut state) {
        return None;
    }
    Some((state, p))
}

/// Plays the winner's `draw`; false if it is not legal now (it always is
/// while the talon is open: a guard, not a case). Whether to draw or close
/// is not weighed: the heuristic always draws, so it would weigh every
/// hand alike.
fn draw(state: &mut SixtySix) -> bool {
    let legal = state.is_legal(Action::Draw);
    if legal {
        state.apply(Action::Draw);
    }
    legal
}

/// The moves of the deal so far, in order, as `obs` records them: before
/// each lead the leader's melds and exchange, then the trick's cards.
fn actions_of(obs: &SixtySixObservation) -> Vec<Action> {
    let mut out = Vec::new();
    let before = |trick: usize, out: &mut Vec<Action>| {
        for e in &obs.events {
            match *e {
                Event::Meld { suit, trick: t, .. } if usize::from(t) == trick => {
                    out.push(Action::Meld(suit));
                }
                Event::Exchange { trick: t, .. } if usize::from(t) == trick => {
                    out.push(Action::Exchange);
                }
                _ => {}
            }
        }
    };
    for (i, t) in obs.tricks.iter().enumerate() {
        before(i, &mut out);
        out.extend(t.cards.map(Action::Play));
    }
    before(obs.tricks.len(), &mut out);
    out.extend(obs.lead_card.map(Action::Play));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::shuffle::rng_from_seed;
    use talon_rules::sixty_six::SixtySixOptions;

    /// The true hand and sampled hands rebuild into deals whose replay
    /// gives the observing seat its observation back.
    #[test]
    fn rebuilt_deals_replay_to_the_observation() {
        let mut rng = rng_from_seed(7);
        let mut checked = 0;
        for opts in [
            SixtySixOptions::SIXTY_SIX,
            SixtySixOptions::SCHNAPSEN,
            SixtySixOptions::SCHNAPSEN_VU,
        ] {
            for seed in 0..60 {
                let mut state = SixtySix::from_seed(seed, opts, Seat(1));
                let mut legal = ActionList::new();
                while let Some(seat) = state.to_move() {
                    let obs = state.observation(seat);
                    let truth = state.hand(seat.opponent()) - obs.opponent_known();
                    if weighed(&obs) {
                        for hidden in [truth, SixtySix::sample_opponent_hidden(&obs, &mut rng)] {
                            let (replayed, p) = replay(&obs, hidden, 0.5, &mut rng)
                                .unwrap_or_else(|| panic!("seed {seed}: {obs:?}"));
                            assert!(p > 0.0);
                            let back = replayed.observation(seat);
                            assert_eq!(back.hand, obs.hand);
                            assert_eq!(back.tricks, obs.tricks);
                            assert_eq!(back.events, obs.events);
                            assert_eq!(back.drawn, obs.drawn);
                            assert_eq!(back.points, obs.points);
                            assert_eq!(back.opponent_known(), obs.opponent_known());
                            assert_eq!(
                                replayed.hand(seat.opponent()),
                                obs.opponent_known() | hidden
                            );
                        }
                        checked += 1;
                    }
                    state.legal_actions(&mut legal);
                    let a = legal[below(&mut rng, legal.len() as u64) as usize];
                    state.apply(a);
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// Against the model itself (the heuristic), the true hand weighs
    /// clearly more than a uniform sample's: the weights carry what the
    /// opponent's play says.
    #[test]
    fn the_true_hand_weighs_more_against_the_model() {
        let mut rng = rng_from_seed(3);
        let mut heuristic = SixtySixHeuristic;
        let (mut positions, mut ratio) = (0, 0.0);
        let mut legal = ActionList::new();
        for seed in 0..60 {
            let mut state = SixtySix::from_seed(seed, SixtySixOptions::SCHNAPSEN, Seat(1));
            while let Some(seat) = state.to_move() {
                let obs = state.observation(seat);
                let truth = state.hand(seat.opponent()) - obs.opponent_known();
                if weighed(&obs) {
                    let own = likelihood(&obs, truth, 0.2, &mut rng).unwrap();
                    let mean = (0..50)
                        .map(|_| {
                            let h = SixtySix::sample_opponent_hidden(&obs, &mut rng);
                            likelihood(&obs, h, 0.2, &mut rng).unwrap_or(0.0)
                        })
                        .sum::<f64>()
                        / 50.0;
                    ratio += own / mean;
                    positions += 1;
                }
                state.legal_actions(&mut legal);
                let a = heuristic.choose(&state.observation(seat), &legal);
                state.apply(a);
            }
        }
        let ratio = ratio / f64::from(positions);
        assert!(positions > 300, "{positions}");
        // 3.3 measured over 200 deals; uniform weights would give 1.
        assert!(ratio > 2.0, "true hand weighs {ratio:.2} times the mean");
    }
}
