//! `Core`: one deal of any preset driven by integer action ids, without
//! Python. The pyclasses and the vectorised environment wrap it; the rules
//! themselves stay in talon-rules (this only translates ids and keeps the
//! history needed to serialize).

use crate::actions;
use std::sync::Arc;
use talon_cards::{CardSet, Seat};
use talon_rules::na_sixty_six::NaSixtySix;
use talon_rules::pedro::Pedro;
use talon_rules::sevens::Sevens;
use talon_rules::sixty_six::SixtySix;
use talon_rules::{
    shuffle, ActionList, AnyGame, AnyObservation, Determinize, Family, Game, Preset, Setup,
};

/// A typed game whose actions have stable integer ids.
pub trait Encoded: Game + Determinize {
    fn encode(a: Self::Action) -> usize;
    fn decode(id: usize) -> Option<Self::Action>;
    /// A checked play whose error is the engine's message.
    fn checked_play(&mut self, a: Self::Action) -> Result<(), String> {
        self.play(a).map_err(|e| e.to_string())
    }
}

impl Encoded for SixtySix {
    fn encode(a: Self::Action) -> usize {
        actions::encode_sixty_six(a)
    }
    fn decode(id: usize) -> Option<Self::Action> {
        actions::decode_sixty_six(id)
    }
}

impl Encoded for NaSixtySix {
    fn encode(a: Self::Action) -> usize {
        actions::encode_na(a)
    }
    fn decode(id: usize) -> Option<Self::Action> {
        actions::decode_na(id)
    }
}

impl Encoded for Sevens {
    fn encode(a: Self::Action) -> usize {
        actions::encode_sevens(a)
    }
    fn decode(id: usize) -> Option<Self::Action> {
        actions::decode_sevens(id)
    }
}

impl Encoded for Pedro {
    fn encode(a: Self::Action) -> usize {
        actions::encode_pedro(a)
    }
    fn decode(id: usize) -> Option<Self::Action> {
        actions::decode_pedro(id)
    }
}

/// Runs `$body` with `$g` bound to the typed game inside an `AnyGame`.
macro_rules! typed {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::SixtySix { game: $g, .. } => $body,
            AnyGame::NaSixtySix { game: $g, .. } => $body,
            AnyGame::Sevens { game: $g, .. } => $body,
            AnyGame::Pedro { game: $g, .. } => $body,
        }
    };
}
#[cfg(feature = "python")]
pub(crate) use typed;

/// Legal action ids of one position, ascending (every family's ids fit
/// in 16 bits).
pub type LegalIds = ActionList<u16>;

/// One deal and how it came about.
#[derive(Clone, Debug)]
pub struct Core {
    /// Read it freely, but change it only through `apply` and `redeal`,
    /// which keep the cached legal ids in step with it.
    pub game: AnyGame,
    /// Shared: every deal of a game carries them, and a deal is cheap.
    pub options: Arc<[(String, String)]>,
    /// Drawn from a seat's information: such a state has no deal of its
    /// own to replay (its `AnyGame` holds a placeholder deal).
    pub sampled: bool,
    /// Action ids applied since the deal.
    pub history: Vec<usize>,
    /// The legal ids of this position once generated, so that applying one
    /// of them does not generate them again; cleared by every move.
    legal: Option<LegalIds>,
}

fn legal_into<G: Encoded>(g: &G, out: &mut LegalIds) {
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    out.clear();
    out.extend(list.iter().map(|&a| G::encode(a) as u16));
    // Most positions are generated in id order already.
    if !out.is_sorted() {
        out.sort_unstable();
    }
}

fn play_legal<G: Encoded>(g: &mut G, id: usize) {
    g.play_unchecked(G::decode(id).expect("a legal id decodes"))
}

fn apply_typed<G: Encoded>(g: &mut G, id: usize) -> Result<(), String> {
    let a = G::decode(id).ok_or_else(|| format!("{id} is not an action id of this game"))?;
    g.checked_play(a)
}

fn name_typed<G: Encoded>(id: usize) -> Result<String, String> {
    G::decode(id)
        .map(|a| a.to_string())
        .ok_or_else(|| format!("{id} is not an action id of this game"))
}

fn parse_typed<G: Encoded>(g: &G, text: &str) -> Result<usize, String> {
    g.parse_action(text)
        .map(G::encode)
        .map_err(|e| e.to_string())
}

fn sample_typed<G: Encoded>(g: &G, seat: Seat, seed: u64) -> Result<G, String>
where
    G::Observation: PartialEq,
{
    let obs = g.observe(seat);
    let sample = G::sample(&obs, &mut shuffle::rng_from_seed(seed));
    // A sampler that found no consistent world falls back to a rough one
    // (good enough to keep a search going); a caller is told instead.
    if sample.observe(seat) == obs {
        Ok(sample)
    } else {
        Err(format!(
            "the sampler found no full state consistent with seat {}'s information (a Talon bug: please report the state's serialize() text)",
            seat.0
        ))
    }
}

impl Core {
    pub fn new(
        preset: Preset,
        options: &[(String, String)],
        setup: &Setup,
    ) -> Result<Core, String> {
        let game = AnyGame::new(preset, options, setup).map_err(|e| e.to_string())?;
        Ok(Core::from_game(game, options.into()))
    }

    /// A deal that is already set up (by a game's `Ruleset`, or the next
    /// deal of a match).
    pub fn from_game(game: AnyGame, options: Arc<[(String, String)]>) -> Core {
        Core {
            sampled: false,
            game,
            options,
            // Room for most deals, so the history is allocated once.
            history: Vec::with_capacity(32),
            legal: None,
        }
    }

    /// Replaces the deal by a new one of the same game, keeping the
    /// history's allocation.
    pub fn redeal(&mut self, game: AnyGame) {
        self.game = game;
        self.history.clear();
        self.legal = None;
    }

    /// The deal in notation (formatted on demand, not at every new deal);
    /// `None` for a sampled state.
    pub fn deal(&self) -> Option<String> {
        (!self.sampled).then(|| self.game.deal_text())
    }

    pub fn preset(&self) -> Preset {
        self.game.preset()
    }

    pub fn family(&self) -> Family {
        self.preset().family()
    }

    pub fn seats(&self) -> usize {
        usize::from(self.game.seats())
    }

    pub fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(|s| s.index())
    }

    pub fn legal_ids(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.legal_fresh().iter().map(|&id| usize::from(id)));
    }

    /// The legal ids, ascending, generated without touching the cache
    /// (for a caller that may only read this deal).
    pub fn legal_fresh(&self) -> LegalIds {
        let mut ids = LegalIds::new();
        typed!(&self.game, g => legal_into(g, &mut ids));
        ids
    }

    /// The legal ids, ascending, generated once per position.
    pub fn legal(&mut self) -> &[u16] {
        // Generated in place: the list is 130 bytes, worth not copying.
        if self.legal.is_none() {
            let ids = self.legal.insert(LegalIds::new());
            typed!(&self.game, g => legal_into(g, ids));
        }
        self.legal.as_deref().unwrap_or_default()
    }

    /// Applies an action id; on error nothing changes. An id found among
    /// the cached legal ids is played without checking it again; any other
    /// goes through the engine's check, which words the error.
    pub fn apply(&mut self, id: usize) -> Result<(), String> {
        let known = self
            .legal
            .as_ref()
            .is_some_and(|l| l.iter().any(|&x| usize::from(x) == id));
        if known {
            typed!(&mut self.game, g => play_legal(g, id));
        } else {
            typed!(&mut self.game, g => apply_typed(g, id))?;
        }
        self.legal = None;
        self.history.push(id);
        Ok(())
    }

    /// Applies an id already checked to be legal (the vectorised
    /// environment checks a whole batch first), skipping the second check.
    pub fn apply_legal(&mut self, id: usize) {
        typed!(&mut self.game, g => play_legal(g, id));
        self.legal = None;
        self.history.push(id);
    }

    pub fn action_name(&self, id: usize) -> Result<String, String> {
        match self.family() {
            Family::SixtySix => name_typed::<SixtySix>(id),
            Family::NaSixtySix => name_typed::<NaSixtySix>(id),
            Family::Sevens => name_typed::<Sevens>(id),
            Family::Pedro => name_typed::<Pedro>(id),
        }
    }

    pub fn parse_action(&self, text: &str) -> Result<usize, String> {
        typed!(&self.game, g => parse_typed(g, text))
    }

    /// Per-seat returns once the deal is over; zeros before (OpenSpiel's
    /// convention).
    pub fn returns(&self) -> Vec<f64> {
        let r = typed!(&self.game, g => g.returns());
        match r {
            Some(r) => r.iter().map(|&v| f64::from(v)).collect(),
            None => vec![0.0; self.seats()],
        }
    }

    pub fn check_seat(&self, seat: i64) -> Result<Seat, String> {
        if (0..self.seats() as i64).contains(&seat) {
            Ok(Seat(seat as u8))
        } else {
            Err(format!(
                "there is no player {seat} in a {}-player game",
                self.seats()
            ))
        }
    }

    pub fn observe(&self, seat: Seat) -> AnyObservation {
        self.game.observe(seat).expect("seat checked by the caller")
    }

    /// Cards `seat` must not know (the oracle the tests check tensors by).
    pub fn hidden_from(&self, seat: Seat) -> CardSet {
        typed!(&self.game, g => g.hidden_from(seat))
    }

    /// A full state drawn by the engine's sampler from what `seat` knows;
    /// `seat` observes it exactly as it observes this one.
    pub fn resample(&self, seat: Seat, seed: u64) -> Result<Core, String> {
        // Start from a placeholder deal (seed 0 of the same options), not a
        // copy of this one: the real deal must not travel with a sample.
        let mut game = AnyGame::new(self.preset(), &self.options, &Setup::Seed(0))
            .expect("the options were accepted for this state");
        match (&mut game, &self.game) {
            (AnyGame::SixtySix { game: g, .. }, AnyGame::SixtySix { game: real, .. }) => {
                *g = sample_typed(real, seat, seed)?
            }
            (AnyGame::NaSixtySix { game: g, .. }, AnyGame::NaSixtySix { game: real, .. }) => {
                *g = sample_typed(real, seat, seed)?
            }
            (AnyGame::Sevens { game: g, .. }, AnyGame::Sevens { game: real, .. }) => {
                *g = sample_typed(real, seat, seed)?
            }
            (AnyGame::Pedro { game: g, .. }, AnyGame::Pedro { game: real, .. }) => {
                *g = sample_typed(real, seat, seed)?
            }
            _ => unreachable!("one preset, one family"),
        }
        Ok(Core {
            sampled: true,
            ..Core::from_game(game, self.options.clone())
        })
    }

    /// The full state as text (every hand): the typed game only, never the
    /// `AnyGame` deal field, which for a sample is a placeholder.
    pub fn debug_text(&self) -> String {
        typed!(&self.game, g => format!("{g:?}"))
    }

    /// Text that `deserialize` turns back into this state: the preset, the
    /// options, the deal and the actions in notation, one per line.
    pub fn serialize(&self) -> Result<String, String> {
        let deal = self.deal().ok_or(
            "a state sampled from a seat's information has no deal of its own and cannot be serialized",
        )?;
        let mut out = format!("talon-state 1\ngame {}\n", self.preset().name());
        for (k, v) in self.options.iter() {
            out.push_str(&format!("option {k}={v}\n"));
        }
        // A deal of a match keeps the score sheet it was dealt under: its
        // seats see it, and its bots weigh it.
        if let Some(sheet) = self.game.sheet_text() {
            out.push_str(&format!("sheet {sheet}\n"));
        }
        out.push_str(&format!("deal {deal}\n"));
        for &id in &self.history {
            out.push_str(&format!("action {}\n", self.action_name(id)?));
        }
        Ok(out)
    }

    pub fn deserialize(text: &str) -> Result<Core, String> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some("talon-state 1") {
            return Err("not a serialized Talon state (expected \"talon-state 1\" first)".into());
        }
        let mut preset = None;
        let mut options = Vec::new();
        // The sheet line's own number: its errors show when the deal reads it.
        let mut sheet: Option<(&str, usize)> = None;
        let mut core: Option<Core> = None;
        for (n, line) in lines.enumerate() {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let at = |e: String| format!("line {}: {e}", n + 2);
            // The order is fixed: game, options, the sheet of a match's
            // deal, one deal, then actions.
            if core.is_some() && matches!(key, "game" | "option" | "sheet" | "deal") {
                return Err(at(format!("a {key} line after the deal")));
            }
            match key {
                "game" if preset.is_some() => return Err(at("a second game line".into())),
                "game" => preset = Some(Preset::from_name(rest).map_err(|e| at(e.to_string()))?),
                "option" => {
                    let (k, v) = rest
                        .split_once('=')
                        .ok_or_else(|| at(format!("option {rest:?} is not name=value")))?;
                    options.push((k.to_string(), v.to_string()));
                }
                "sheet" if sheet.is_some() => return Err(at("a second sheet line".into())),
                "sheet" if preset.is_none() => return Err(at("sheet before game".into())),
                "sheet" => sheet = Some((rest, n + 2)),
                "deal" => {
                    let p = preset.ok_or_else(|| at("deal before game".into()))?;
                    let mut c = Core::new(p, &options, &Setup::Deal(rest.into())).map_err(at)?;
                    if let Some((text, line)) = sheet {
                        let game = c.game.clone().with_sheet_text(text);
                        c.redeal(game.map_err(|e| format!("line {line}: {e}"))?);
                    }
                    core = Some(c);
                }
                "action" => {
                    let c = core
                        .as_mut()
                        .ok_or_else(|| at("action before deal".into()))?;
                    let id = c.parse_action(rest).map_err(at)?;
                    c.apply(id).map_err(at)?;
                }
                "" => {}
                other => return Err(at(format!("unknown line {other:?}"))),
            }
        }
        core.ok_or_else(|| "a serialized state needs a deal line".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_playout(core: &mut Core, mut seed: u64) {
        let mut legal = Vec::new();
        while core.to_move().is_some() {
            core.legal_ids(&mut legal);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            core.apply(legal[(seed >> 33) as usize % legal.len()])
                .unwrap();
        }
    }

    #[test]
    fn ids_and_names_agree_with_the_engine_on_every_preset() {
        for preset in Preset::ALL {
            let mut core = Core::new(preset, &[], &Setup::Seed(7)).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            while core.to_move().is_some() {
                core.legal_ids(&mut legal);
                let mut names: Vec<String> = legal
                    .iter()
                    .map(|&id| core.action_name(id).unwrap())
                    .collect();
                names.sort();
                let mut listed = core.game.legal_actions();
                listed.sort();
                assert_eq!(names, listed, "{preset} step {step}");
                for &id in &legal {
                    assert_eq!(core.parse_action(&core.action_name(id).unwrap()), Ok(id));
                }
                core.apply(legal[step % legal.len()]).unwrap();
                step += 1;
            }
        }
    }

    #[test]
    fn an_illegal_id_changes_nothing() {
        let mut core = Core::new(Preset::SixtySix, &[], &Setup::Seed(1)).unwrap();
        let before = core.serialize().unwrap();
        assert!(core.apply(100_000).is_err());
        let mut legal = Vec::new();
        core.legal_ids(&mut legal);
        let illegal = (0..60).find(|id| !legal.contains(id)).unwrap();
        assert!(core.apply(illegal).is_err());
        assert_eq!(core.serialize().unwrap(), before);
    }

    #[test]
    fn cached_legal_ids_change_neither_the_play_nor_the_errors() {
        for preset in Preset::ALL {
            let mut cached = Core::new(preset, &[], &Setup::Seed(4)).unwrap();
            let mut fresh = cached.clone();
            let mut legal = Vec::new();
            let mut step = 0;
            while cached.to_move().is_some() {
                fresh.legal_ids(&mut legal);
                let ids: Vec<usize> = cached.legal().iter().map(|&i| usize::from(i)).collect();
                assert_eq!(ids, legal, "{preset} step {step}");
                for id in [100_000, 0, 52, 53, 160, 421] {
                    if !legal.contains(&id) {
                        assert_eq!(cached.apply(id), fresh.apply(id), "{preset} {id}");
                    }
                }
                let id = legal[step % legal.len()];
                cached.apply(id).unwrap();
                fresh.apply(id).unwrap();
                assert_eq!(cached.game, fresh.game, "{preset} step {step}");
                step += 1;
            }
            assert_eq!(cached.history, fresh.history);
        }
    }

    #[test]
    fn serialize_round_trips_mid_deal_and_at_the_end() {
        for preset in Preset::ALL {
            let opts = [];
            let mut core = Core::new(preset, &opts, &Setup::Seed(3)).unwrap();
            let mut legal = Vec::new();
            for _ in 0..5 {
                if core.to_move().is_none() {
                    break;
                }
                core.legal_ids(&mut legal);
                core.apply(legal[0]).unwrap();
            }
            let back = Core::deserialize(&core.serialize().unwrap()).unwrap();
            assert_eq!(back.game, core.game, "{preset}");
            random_playout(&mut core, 11);
            let back = Core::deserialize(&core.serialize().unwrap()).unwrap();
            assert_eq!(back.returns(), core.returns());
        }
    }

    /// A deal of a match keeps its score sheet through serialize, and a
    /// bad or misplaced sheet line is refused by name.
    #[test]
    fn a_match_deal_keeps_its_sheet() {
        for preset in Preset::ALL {
            let mut m = talon_rules::AnyMatch::new(preset, &[], 0).unwrap();
            let mut first = Core::from_game(m.next_deal(1), Arc::from([]));
            random_playout(&mut first, 2);
            m.record(&first.game).unwrap();
            let mut core = Core::from_game(m.next_deal(3), Arc::from([]));
            random_playout(&mut core, 4);
            let text = core.serialize().unwrap();
            assert_eq!(
                text.contains("\nsheet "),
                core.game.sheet_text().is_some(),
                "{preset}"
            );
            let back = Core::deserialize(&text).unwrap();
            assert_eq!(back.game, core.game, "{preset}");
            // The sheet decides whether the match may book the deal.
            m.record(&back.game).unwrap();
        }
        let core = Core::new(Preset::Schnapsen, &[], &Setup::Seed(3)).unwrap();
        let text = core.serialize().unwrap();
        let deal = text.lines().position(|l| l.starts_with("deal ")).unwrap();
        for (sheet, at, says) in [
            (
                "sheet 7,0",
                deal,
                "not a score before a deal of a match to 7",
            ),
            ("sheet 1", deal, "1 scores for 2 sides"),
            ("sheet 1,1", deal + 1, "sheet line after the deal"),
        ] {
            let mut lines: Vec<&str> = text.lines().collect();
            lines.insert(at, sheet);
            let err = Core::deserialize(&lines.join("\n")).unwrap_err();
            assert!(err.contains(says), "{sheet}: {err}");
        }
        let mut lines: Vec<&str> = text.lines().collect();
        lines.insert(deal, "sheet 1,2");
        lines.insert(deal, "sheet 1,2");
        let err = Core::deserialize(&lines.join("\n")).unwrap_err();
        assert!(err.contains("second sheet line"), "{err}");
    }

    #[test]
    fn lines_out_of_order_are_refused() {
        let core = Core::new(Preset::SixtySix, &[], &Setup::Seed(3)).unwrap();
        let text = core.serialize().unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        let deal = lines.iter().position(|l| l.starts_with("deal ")).unwrap();
        for (extra, says) in [
            ("option schneider=40", "option line after the deal"),
            ("option nonsense=1", "option line after the deal"),
            (lines[deal], "deal line after the deal"),
            ("game schnapsen", "game line after the deal"),
        ] {
            let mut bad = lines.clone();
            bad.push(extra);
            let err = Core::deserialize(&bad.join("\n")).unwrap_err();
            assert!(err.contains(says), "{extra:?}: {err}");
        }
        lines.insert(2, "game schnapsen");
        let err = Core::deserialize(&lines.join("\n")).unwrap_err();
        assert!(err.contains("second game line"), "{err}");
    }
    #[test]
    fn a_resampled_state_looks_the_same_to_its_seat_and_plays_on() {
        for preset in Preset::ALL {
            let mut core = Core::new(preset, &[], &Setup::Seed(5)).unwrap();
            let mut legal = Vec::new();
            for _ in 0..6 {
                if core.to_move().is_none() {
                    break;
                }
                core.legal_ids(&mut legal);
                core.apply(legal[legal.len() / 2]).unwrap();
            }
            let seat = Seat(core.to_move().unwrap_or(0) as u8);
            for seed in 0..20 {
                let mut s = core.resample(seat, seed).unwrap();
                assert_eq!(s.observe(seat), core.observe(seat), "{preset}");
                assert!(s.serialize().is_err());
                random_playout(&mut s, seed);
            }
        }
    }
}
