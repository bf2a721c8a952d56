//! `talon watch`: bots play a seeded deal or match, printed trick by trick.

use crate::lineup;
use crate::text::narrate;
use clap::Args;
use talon_bots::AnyBot;
use talon_protocol::GameRecord;
use talon_rules::{AnyGame, AnyMatch, Preset, Setup};

#[derive(Args)]
pub struct WatchArgs {
    /// The preset, e.g. sixty-six (see `talon games`).
    pub preset: String,
    /// Seed of the deal (and of the bots).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Bots by seat, comma-separated (repeated if shorter than the table).
    #[arg(long, default_value = "expert,heuristic")]
    pub bots: String,
    /// A rule option, name=value (repeatable; see `talon games`).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Play a whole match instead of one deal.
    #[arg(long = "match")]
    pub whole_match: bool,
    /// Save the (last) deal's record to this file.
    #[arg(long)]
    pub record: Option<std::path::PathBuf>,
}

/// Plays `game` to its end with `bots`, printing each action; returns the actions.
pub fn play_out(game: &mut AnyGame, bots: &mut [AnyBot], print: bool) -> Vec<String> {
    let mut actions = Vec::new();
    while let Some(seat) = game.to_move() {
        let action = bots[seat.index()]
            .choose(game)
            .expect("a bot moves while the game runs");
        let before = game.clone();
        game.play(&action).expect("bots choose legal actions");
        if print {
            for line in narrate(&before, game, seat, &action) {
                println!("{line}");
            }
        }
        actions.push(action);
    }
    actions
}

pub fn run(args: &WatchArgs) -> Result<(), String> {
    let preset = Preset::from_name(&args.preset).map_err(|e| e.to_string())?;
    let options = lineup::options(&args.options)?;
    let names = lineup::names(&args.bots);
    if names.is_empty() {
        return Err("--bots names no bot".into());
    }
    let mut bots =
        lineup::bots(&names, preset, preset.players(), args.seed).map_err(|e| e.to_string())?;
    lineup::count_budgets_only(&mut bots);
    let mut record = None;
    if args.whole_match {
        let mut m = AnyMatch::new(preset, &options, args.seed).map_err(|e| e.to_string())?;
        let mut deal_seed = args.seed;
        while m.winner().is_none() && u64::from(m.deals_played()) < crate::arena::MAX_MATCH_DEALS {
            let mut game = m.next_deal(deal_seed);
            println!(
                "== deal {} (seed {deal_seed}): {}",
                m.deals_played() + 1,
                game.deal_text()
            );
            let actions = play_out(&mut game, &mut bots, true);
            m.record(&game);
            println!("match score: {:?}\n", m.scores());
            record = Some(GameRecord::of(&game, &options, &actions));
            deal_seed = deal_seed.wrapping_add(1);
        }
        println!(
            "seat {} wins the match {:?}",
            m.winner().expect("decided"),
            m.scores()
        );
    } else {
        let mut game =
            AnyGame::new(preset, &options, &Setup::Seed(args.seed)).map_err(|e| e.to_string())?;
        println!(
            "{} deal (seed {}): {}",
            preset.name(),
            args.seed,
            game.deal_text()
        );
        let seats: Vec<String> = bots
            .iter()
            .enumerate()
            .map(|(i, b)| format!("seat {i}: {}", b.name()))
            .collect();
        println!("{}", seats.join(", "));
        let actions = play_out(&mut game, &mut bots, true);
        record = Some(GameRecord::of(&game, &options, &actions));
    }
    if let (Some(path), Some(mut r)) = (&args.record, record) {
        r.players = Some(bots.iter().map(|b| b.name().to_string()).collect());
        std::fs::write(path, r.to_json())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
