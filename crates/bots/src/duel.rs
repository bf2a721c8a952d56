//! Playing one deal between two bots, each shown only its observation.

use crate::Bot;
use talon_cards::Seat;
use talon_rules::{ActionList, Game, Returns};

/// Plays `game` to the end with `bots[i]` in seat `i` and returns the payoffs.
pub fn play_deal<G: Game>(mut game: G, bots: [&mut dyn Bot<G>; 2]) -> Returns {
    let mut legal = ActionList::new();
    while let Some(Seat(s)) = game.to_move() {
        game.legal_actions(&mut legal);
        let obs = game.observe(Seat(s));
        let a = bots[s as usize].choose(&obs, &legal);
        game.play(a).expect("bots choose legal actions");
    }
    game.returns().expect("the deal is over")
}
