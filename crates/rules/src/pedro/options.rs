//! Options of the Pedro family. Every place where the seed texts and the
//! research notes disagree, or where a number was lost and had to be
//! reconstructed ("RECON" in the notes), is a named option here; the
//! presets fix the defaults and docs/rules/<preset>.md names the source of
//! each one.

use crate::options::{find_spec, OptionError, OptionKind, OptionSpec};

/// What happens to the hands between the trump naming and the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replenish {
    /// Everyone discards all non-trumps, the dealer fills each hand to six
    /// from the stock (from his left) and then robs what is left
    /// (Sixty-three, Pedro, Cinch).
    Fill,
    /// Four more cards each from the stock, then discard to six
    /// (Maine Sixty-three, Mark Given's King Pedro).
    FourMore,
    /// The bidder takes the kitty; everyone discards to six without
    /// drawing (King Pedro, 83).
    Kitty,
}

/// The shape of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auction {
    /// Each player bids or passes once, from the dealer's left, dealer last.
    OnceAround,
    /// Round and round until the high bid stands (see `pass_final`).
    Continuous,
}

/// What happens when nobody bids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllPass {
    /// The dealer is stuck with `forced_bid`.
    DealerForced,
    /// The cards are thrown in and nobody scores.
    ThrowIn,
}

/// What a player holding more than six trumps (and no non-trumps left)
/// does. Whatever cannot be got rid of this way is played to the first
/// trick (several cards at once), which is King Pedro's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Excess {
    /// Give trumps to partner, face up, while partner holds fewer than six trumps.
    Give,
    /// As `Give`; when partner cannot take more, discard non-scoring trumps face up (83).
    GiveThenDiscard,
    /// Discard non-scoring trumps face up (Mark Given, Cinch).
    Discard,
    /// Keep them and play the extra cards to the first trick (King Pedro).
    Keep,
}

/// What a player must play to a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Trump led: trump if able. Non-trump led: anything (Sixty-three, King Pedro).
    TrumpOnly,
    /// Trump led: trump if able. Non-trump led: follow suit or trump (Cinch, Maine, 83).
    SuitOrTrump,
    /// Follow suit if able, trump only when void (the "must follow suit" variant).
    Suit,
    /// Trump led: trump if able. Non-trump led: a non-trump if able (Mark Given).
    NonTrump,
}

/// Who wins a trick with no trump in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTrumpTrick {
    /// The highest card of the suit led.
    HighestLed,
    /// The player who led, whatever was played (King Pedro).
    Leader,
}

/// What a player with no trumps left does during the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutOfTrumps {
    /// Plays on with the dirt.
    PlayOn,
    /// May `dump` the whole hand into the current trick and be out (Sixty-three).
    MayDump,
    /// Is out at once: "I'm up!" (King Pedro).
    ImUp,
}

/// Who scores the two of trumps. (The Ukrainian-Canadian "to the player
/// dealt it" is `Player` at team level: gives go to partner and the kitty
/// to the bidder, so a card never changes partnership.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoScores {
    /// The team of the player who plays it.
    Player,
    /// The team that wins the trick (Cinch, Foster).
    Winner,
}

/// How a game (match) is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinRule {
    /// The first team to the target; if both get there on one hand the
    /// bidders win if they made it ("bidder goes out").
    FirstToTarget,
    /// Only at the end of a hand the team bid and made (King Pedro).
    OwnBid,
}

/// Where the joker ranks among the trumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JokerRank {
    Lowest,
    Highest,
}

/// Point values of the trumps. The left pedro counts `five`, like the right one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values {
    pub ace: u8,
    pub king: u8,
    pub queen: u8,
    pub jack: u8,
    pub ten: u8,
    pub nine: u8,
    pub five: u8,
    pub three: u8,
    pub two: u8,
    pub joker: u8,
}

/// All rule options of a Pedro-family deal and game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PedroOptions {
    pub joker: bool,
    pub joker_rank: JokerRank,
    pub values: Values,
    pub two_scores: TwoScores,
    pub hand_size: u8,
    pub kitty: u8,
    pub replenish: Replenish,
    /// replenish=kitty: the bidder takes the kitty before naming trumps (83).
    pub kitty_first: bool,
    pub dealer_robs: bool,
    pub auction: Auction,
    pub pass_final: bool,
    pub min_bid: u8,
    pub max_bid: u8,
    pub all_pass: AllPass,
    pub forced_bid: u8,
    pub double_bid: bool,
    pub double_factor: u8,
    pub lead_trump_first: bool,
    pub excess: Excess,
    pub give_scoring: bool,
    /// Giving excess trumps is a choice: the player may `keep` them and
    /// play the extras to the first trick instead (Sixty-three's "may give").
    pub give_optional: bool,
    pub discard_two_with_all: bool,
    pub fold_without_trumps: bool,
    pub fold_pass: bool,
    pub follow: Follow,
    pub no_trump_trick: NoTrumpTrick,
    pub out_of_trumps: OutOfTrumps,
    pub game_target: u16,
    pub win_rule: WinRule,
    pub lose_at: u16,
}

const V63: Values = Values {
    ace: 1,
    king: 25,
    queen: 0,
    jack: 1,
    ten: 1,
    nine: 9,
    five: 5,
    three: 0,
    two: 1,
    joker: 15,
};

impl PedroOptions {
    /// Why option `name` changes nothing with the other options as they
    /// are (the joker's points without a joker), or `None` where it plays
    /// a part. A new game may not move such an option from the preset's
    /// value: whoever sets it expects it to do something.
    pub fn inert(&self, name: &str) -> Option<&'static str> {
        match name {
            "joker_points" | "joker_rank" if !self.joker => Some("there is no joker: joker=false"),
            "kitty_first" if self.replenish != Replenish::Kitty => {
                Some("only replenish=kitty has a kitty")
            }
            "dealer_robs" if self.replenish != Replenish::Fill => {
                Some("only replenish=fill leaves a stock to rob")
            }
            "pass_final" if self.auction != Auction::Continuous => {
                Some("only auction=continuous goes round more than once")
            }
            "forced_bid" if self.all_pass != AllPass::DealerForced => {
                Some("only all_pass=dealer_forced forces a bid")
            }
            "double_factor" if !self.double_bid => Some("there is no double bid: double_bid=false"),
            _ => None,
        }
    }

    /// Cape Breton / Charlotte County Sixty-three (§1).
    pub const SIXTY_THREE: PedroOptions = PedroOptions {
        joker: true,
        joker_rank: JokerRank::Lowest,
        values: V63,
        two_scores: TwoScores::Player,
        hand_size: 9,
        kitty: 0,
        replenish: Replenish::Fill,
        kitty_first: false,
        dealer_robs: true,
        auction: Auction::OnceAround,
        pass_final: true,
        min_bid: 40,
        max_bid: 63,
        all_pass: AllPass::DealerForced,
        forced_bid: 25,
        double_bid: false,
        double_factor: 2,
        lead_trump_first: true,
        excess: Excess::Give,
        give_scoring: false,
        give_optional: true,
        discard_two_with_all: false,
        fold_without_trumps: false,
        fold_pass: false,
        follow: Follow::TrumpOnly,
        no_trump_trick: NoTrumpTrick::HighestLed,
        out_of_trumps: OutOfTrumps::MayDump,
        game_target: 250,
        win_rule: WinRule::FirstToTarget,
        lose_at: 0,
    };

    /// Inverness County: no joker, the trump three is worth 15.
    pub const SIXTY_THREE_INVERNESS: PedroOptions = PedroOptions {
        joker: false,
        values: Values {
            three: 15,
            joker: 0,
            ..V63
        },
        ..Self::SIXTY_THREE
    };

    /// Queens County NB: trump two 2, ten 0, game 225.
    pub const SIXTY_THREE_QUEENS: PedroOptions = PedroOptions {
        values: Values {
            two: 2,
            ten: 0,
            ..V63
        },
        game_target: 225,
        ..Self::SIXTY_THREE
    };

    /// Maine Sixty-three (§5): three of trumps 15, four more cards after the auction.
    pub const SIXTY_THREE_MAINE: PedroOptions = PedroOptions {
        joker: false,
        values: Values {
            three: 15,
            joker: 0,
            ..V63
        },
        replenish: Replenish::FourMore,
        kitty_first: false,
        auction: Auction::Continuous,
        pass_final: false,
        min_bid: 1,
        max_bid: 63,
        all_pass: AllPass::ThrowIn,
        lead_trump_first: false,
        excess: Excess::Discard,
        follow: Follow::SuitOrTrump,
        out_of_trumps: OutOfTrumps::PlayOn,
        game_target: 152,
        ..Self::SIXTY_THREE
    };

    /// The 14-point parent game (§2).
    pub const PEDRO: PedroOptions = PedroOptions {
        joker: false,
        values: Values {
            ace: 1,
            king: 0,
            queen: 0,
            jack: 1,
            ten: 1,
            nine: 0,
            five: 5,
            three: 0,
            two: 1,
            joker: 0,
        },
        min_bid: 6,
        max_bid: 14,
        forced_bid: 6,
        lead_trump_first: false,
        excess: Excess::Discard,
        follow: Follow::SuitOrTrump,
        out_of_trumps: OutOfTrumps::PlayOn,
        game_target: 62,
        ..Self::SIXTY_THREE
    };

    /// King Pedro as pagat describes it (§3).
    pub const KING_PEDRO: PedroOptions = PedroOptions {
        joker: false,
        values: Values {
            king: 30,
            ..Self::PEDRO.values
        },
        hand_size: 12,
        kitty: 4,
        replenish: Replenish::Kitty,
        kitty_first: false,
        auction: Auction::Continuous,
        pass_final: true,
        min_bid: 30,
        max_bid: 44,
        all_pass: AllPass::ThrowIn,
        forced_bid: 30,
        lead_trump_first: false,
        excess: Excess::Keep,
        follow: Follow::TrumpOnly,
        no_trump_trick: NoTrumpTrick::Leader,
        out_of_trumps: OutOfTrumps::ImUp,
        game_target: 200,
        win_rule: WinRule::OwnBid,
        lose_at: 200,
        ..Self::SIXTY_THREE
    };

    /// Mark Given's King Pedro program (§4).
    pub const KING_PEDRO_GIVEN: PedroOptions = PedroOptions {
        hand_size: 9,
        kitty: 0,
        replenish: Replenish::FourMore,
        kitty_first: false,
        pass_final: false,
        lead_trump_first: true,
        excess: Excess::Discard,
        discard_two_with_all: true,
        fold_without_trumps: true,
        fold_pass: true,
        give_scoring: true,
        follow: Follow::NonTrump,
        out_of_trumps: OutOfTrumps::PlayOn,
        lose_at: 0,
        ..Self::KING_PEDRO
    };

    /// Maine 83 (§6).
    pub const EIGHTY_THREE: PedroOptions = PedroOptions {
        joker: true,
        values: Values {
            three: 15,
            joker: 20,
            ..V63
        },
        hand_size: 12,
        kitty: 5,
        replenish: Replenish::Kitty,
        kitty_first: true,
        auction: Auction::Continuous,
        pass_final: true,
        min_bid: 30,
        max_bid: 83,
        all_pass: AllPass::ThrowIn,
        forced_bid: 30,
        double_bid: true,
        lead_trump_first: false,
        excess: Excess::GiveThenDiscard,
        give_scoring: true,
        give_optional: false,
        follow: Follow::SuitOrTrump,
        out_of_trumps: OutOfTrumps::PlayOn,
        game_target: 250,
        ..Self::SIXTY_THREE
    };

    /// Cards in the pack.
    pub const fn deck_size(&self) -> usize {
        if self.joker {
            53
        } else {
            52
        }
    }

    /// Points of all scoring trumps together (63, 44, 83, 14 …).
    pub const fn total_points(&self) -> u16 {
        let v = &self.values;
        let mut t = v.ace as u16
            + v.king as u16
            + v.queen as u16
            + v.jack as u16
            + v.ten as u16
            + v.nine as u16
            + 2 * v.five as u16
            + v.three as u16
            + v.two as u16;
        if self.joker {
            t += v.joker as u16;
        }
        t
    }

    /// The bid value that stands for "double" (one above the maximum).
    pub const fn double_value(&self) -> u8 {
        self.max_bid + 1
    }

    /// What the undealt cards are called: the bidder's `kitty`, or the
    /// `stock` that hands are filled from.
    pub fn stock_name(&self) -> &'static str {
        if self.replenish == Replenish::Kitty {
            "kitty"
        } else {
            "stock"
        }
    }

    /// Checks the options fit together (enough cards, a legal list that fits).
    pub fn validate(&self) -> Result<(), OptionError> {
        let bad = |name: &str, value: String, expected: &str| OptionError::BadValue {
            name: name.to_string(),
            value,
            expected: expected.to_string(),
        };
        let extra = if self.replenish == Replenish::FourMore {
            4
        } else {
            0
        };
        let needed = 4 * (self.hand_size as usize + extra) + self.kitty as usize;
        if needed > self.deck_size() {
            return Err(bad(
                "hand_size",
                self.hand_size.to_string(),
                &format!(
                    "4 hands plus kitty within the {}-card pack",
                    self.deck_size()
                ),
            ));
        }
        if self.replenish == Replenish::Kitty && self.kitty == 0 {
            return Err(bad("kitty", "0".into(), "at least 1 with replenish=kitty"));
        }
        // The kitty is what the hands leave of the pack.
        let left = self.deck_size().saturating_sub(4 * self.hand_size as usize);
        if self.replenish == Replenish::Kitty
            && needed <= self.deck_size()
            && left != self.kitty as usize
        {
            return Err(bad(
                "kitty",
                self.kitty.to_string(),
                &format!(
                    "{left}: with replenish=kitty the kitty is what 4 hands of {} (hand_size) leave of the {}-card pack ({}); change kitty, hand_size or joker",
                    self.hand_size,
                    self.deck_size(),
                    if self.joker { "with the joker" } else { "no joker" }
                ),
            ));
        }
        if self.hand_size < 6 {
            return Err(bad("hand_size", self.hand_size.to_string(), "at least 6"));
        }
        if self.min_bid > self.max_bid {
            return Err(bad("min_bid", self.min_bid.to_string(), "at most max_bid"));
        }
        // A forced contract above the maximum would be one nobody may bid
        // (or read as the double); without a forced bid it is no matter.
        if self.all_pass == AllPass::DealerForced && self.forced_bid > self.max_bid {
            return Err(bad(
                "forced_bid",
                self.forced_bid.to_string(),
                &format!("at most max_bid ({})", self.max_bid),
            ));
        }
        // Every bid, double and pass must fit in one legal-action list.
        let choices = (self.max_bid - self.min_bid) as usize + 2 + usize::from(self.double_bid);
        if choices > crate::game::MAX_ACTIONS {
            return Err(bad(
                "min_bid",
                self.min_bid.to_string(),
                "at most 62 different bids",
            ));
        }
        Ok(())
    }

    /// Sets one option by name from text.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(SPECS, name)?;
        let int = |v: &str| spec.parse_int(v);
        let pick = |v: &str| spec.parse_choice(v);
        match spec.name {
            "joker" => self.joker = spec.parse_bool(value)?,
            "joker_rank" => self.joker_rank = [JokerRank::Lowest, JokerRank::Highest][pick(value)?],
            "ace_points" => self.values.ace = int(value)? as u8,
            "king_points" => self.values.king = int(value)? as u8,
            "queen_points" => self.values.queen = int(value)? as u8,
            "jack_points" => self.values.jack = int(value)? as u8,
            "ten_points" => self.values.ten = int(value)? as u8,
            "nine_points" => self.values.nine = int(value)? as u8,
            "five_points" => self.values.five = int(value)? as u8,
            "three_points" => self.values.three = int(value)? as u8,
            "two_points" => self.values.two = int(value)? as u8,
            "joker_points" => self.values.joker = int(value)? as u8,
            "two_scores" => self.two_scores = [TwoScores::Player, TwoScores::Winner][pick(value)?],
            "hand_size" => self.hand_size = int(value)? as u8,
            "kitty" => self.kitty = int(value)? as u8,
            "replenish" => {
                self.replenish =
                    [Replenish::Fill, Replenish::FourMore, Replenish::Kitty][pick(value)?]
            }
            "kitty_first" => self.kitty_first = spec.parse_bool(value)?,
            "dealer_robs" => self.dealer_robs = spec.parse_bool(value)?,
            "auction" => self.auction = [Auction::OnceAround, Auction::Continuous][pick(value)?],
            "pass_final" => self.pass_final = spec.parse_bool(value)?,
            "min_bid" => self.min_bid = int(value)? as u8,
            "max_bid" => self.max_bid = int(value)? as u8,
            "all_pass" => self.all_pass = [AllPass::DealerForced, AllPass::ThrowIn][pick(value)?],
            "forced_bid" => self.forced_bid = int(value)? as u8,
            "double_bid" => self.double_bid = spec.parse_bool(value)?,
            "double_factor" => self.double_factor = int(value)? as u8,
            "lead_trump_first" => self.lead_trump_first = spec.parse_bool(value)?,
            "excess" => {
                self.excess = [
                    Excess::Give,
                    Excess::GiveThenDiscard,
                    Excess::Discard,
                    Excess::Keep,
                ][pick(value)?]
            }
            "give_scoring" => self.give_scoring = spec.parse_bool(value)?,
            "give_optional" => self.give_optional = spec.parse_bool(value)?,
            "discard_two_with_all" => self.discard_two_with_all = spec.parse_bool(value)?,
            "fold_without_trumps" => self.fold_without_trumps = spec.parse_bool(value)?,
            "fold_pass" => self.fold_pass = spec.parse_bool(value)?,
            "follow" => {
                self.follow = [
                    Follow::TrumpOnly,
                    Follow::SuitOrTrump,
                    Follow::Suit,
                    Follow::NonTrump,
                ][pick(value)?]
            }
            "no_trump_trick" => {
                self.no_trump_trick = [NoTrumpTrick::HighestLed, NoTrumpTrick::Leader][pick(value)?]
            }
            "out_of_trumps" => {
                self.out_of_trumps =
                    [OutOfTrumps::PlayOn, OutOfTrumps::MayDump, OutOfTrumps::ImUp][pick(value)?]
            }
            "game_target" => self.game_target = int(value)? as u16,
            "win_rule" => self.win_rule = [WinRule::FirstToTarget, WinRule::OwnBid][pick(value)?],
            "lose_at" => self.lose_at = int(value)? as u16,
            _ => unreachable!("every spec has a setter"),
        }
        Ok(())
    }

    /// The current value of every option, as text, in [`SPECS`] order.
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let v = &self.values;
        let n = |x: u8| x.to_string();
        let c = |name: &str, i: usize| -> String {
            let spec = SPECS.iter().find(|s| s.name == name).expect("spec");
            let OptionKind::Choice(names) = spec.kind else {
                unreachable!("choice spec")
            };
            names[i].to_string()
        };
        vec![
            ("joker", self.joker.to_string()),
            ("joker_rank", c("joker_rank", self.joker_rank as usize)),
            ("ace_points", n(v.ace)),
            ("king_points", n(v.king)),
            ("queen_points", n(v.queen)),
            ("jack_points", n(v.jack)),
            ("ten_points", n(v.ten)),
            ("nine_points", n(v.nine)),
            ("five_points", n(v.five)),
            ("three_points", n(v.three)),
            ("two_points", n(v.two)),
            ("joker_points", n(v.joker)),
            ("two_scores", c("two_scores", self.two_scores as usize)),
            ("hand_size", n(self.hand_size)),
            ("kitty", n(self.kitty)),
            ("replenish", c("replenish", self.replenish as usize)),
            ("kitty_first", self.kitty_first.to_string()),
            ("dealer_robs", self.dealer_robs.to_string()),
            ("auction", c("auction", self.auction as usize)),
            ("pass_final", self.pass_final.to_string()),
            ("min_bid", n(self.min_bid)),
            ("max_bid", n(self.max_bid)),
            ("all_pass", c("all_pass", self.all_pass as usize)),
            ("forced_bid", n(self.forced_bid)),
            ("double_bid", self.double_bid.to_string()),
            ("double_factor", n(self.double_factor)),
            ("lead_trump_first", self.lead_trump_first.to_string()),
            ("excess", c("excess", self.excess as usize)),
            ("give_scoring", self.give_scoring.to_string()),
            ("give_optional", self.give_optional.to_string()),
            (
                "discard_two_with_all",
                self.discard_two_with_all.to_string(),
            ),
            ("fold_without_trumps", self.fold_without_trumps.to_string()),
            ("fold_pass", self.fold_pass.to_string()),
            ("follow", c("follow", self.follow as usize)),
            (
                "no_trump_trick",
                c("no_trump_trick", self.no_trump_trick as usize),
            ),
            (
                "out_of_trumps",
                c("out_of_trumps", self.out_of_trumps as usize),
            ),
            ("game_target", self.game_target.to_string()),
            ("win_rule", c("win_rule", self.win_rule as usize)),
            ("lose_at", self.lose_at.to_string()),
        ]
    }
}

/// Every option of the family, in the order `values()` lists them.
/// Choice names are listed in the order of the enum variants.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec::flag("joker", "play with the 53-card pack; the joker is a trump"),
    OptionSpec::choice("joker_rank", &["lowest", "highest"], "where the joker ranks among the trumps"),
    OptionSpec::int("ace_points", 0, 50, "points for the ace of trumps"),
    OptionSpec::int("king_points", 0, 50, "points for the king of trumps"),
    OptionSpec::int("queen_points", 0, 50, "points for the queen of trumps"),
    OptionSpec::int("jack_points", 0, 50, "points for the jack of trumps"),
    OptionSpec::int("ten_points", 0, 50, "points for the ten of trumps"),
    OptionSpec::int("nine_points", 0, 50, "points for the nine of trumps"),
    OptionSpec::int("five_points", 0, 50, "points for each pedro (the trump five and the left five)"),
    OptionSpec::int("three_points", 0, 50, "points for the three of trumps"),
    OptionSpec::int("two_points", 0, 50, "points for the two of trumps"),
    OptionSpec::int("joker_points", 0, 50, "points for the joker (with joker=true)"),
    OptionSpec::choice("two_scores", &["player", "winner"], "the trump two scores for its player's team or the trick winner's"),
    OptionSpec::int("hand_size", 6, 13, "cards dealt to each player before the auction"),
    OptionSpec::int("kitty", 0, 8, "cards dealt face down to the table, taken by the bidder (replenish=kitty)"),
    OptionSpec::choice("replenish", &["fill", "four_more", "kitty"], "once trumps are named: fill to six from the stock, four more each, or the bidder takes the kitty (before naming them with kitty_first)"),
    OptionSpec::flag("kitty_first", "replenish=kitty: the bidder takes the kitty before naming trumps, not after"),
    OptionSpec::flag("dealer_robs", "replenish=fill: the dealer takes the rest of the stock and keeps six"),
    OptionSpec::choice("auction", &["once_around", "continuous"], "one bid each (dealer last), or round and round"),
    OptionSpec::flag("pass_final", "continuous auction: a player who passes is out of the auction"),
    OptionSpec::int("min_bid", 1, 100, "the lowest bid"),
    OptionSpec::int("max_bid", 1, 100, "the highest bid (all the points)"),
    OptionSpec::choice("all_pass", &["dealer_forced", "throw_in"], "nobody bids: the dealer takes it at forced_bid, or the cards are thrown in"),
    OptionSpec::int("forced_bid", 1, 100, "the dealer's forced bid when all pass (at most max_bid)"),
    OptionSpec::flag("double_bid", "a bid of 'double' above max_bid: all the points, scored double_factor times"),
    OptionSpec::int("double_factor", 1, 10, "multiplier for a made or failed double bid"),
    OptionSpec::flag("lead_trump_first", "the bidder must lead a trump to the first trick (if he holds one)"),
    OptionSpec::choice("excess", &["give", "give_then_discard", "discard", "keep"], "a player left with more than six trumps gives them to partner, discards non-scoring ones face up, or keeps them and plays several cards to the first trick"),
    OptionSpec::flag("give_scoring", "scoring trumps may be given to partner"),
    OptionSpec::flag("give_optional", "giving excess trumps is a choice: `keep` them instead and play the extras to the first trick"),
    OptionSpec::flag("discard_two_with_all", "a player holding every scoring trump may discard the two face up"),
    OptionSpec::flag("fold_without_trumps", "a player with no trumps once the hands are complete (fill: when play starts) folds, in view of all, and takes no part"),
    OptionSpec::flag("fold_pass", "a player with one trump, or two of which one is the two, may give them to partner and fold"),
    OptionSpec::choice("follow", &["trump_only", "suit_or_trump", "suit", "non_trump"], "what a player must play to a trick: a trump to a trump lead, if able; to another lead, if able, trump_only: anything, suit_or_trump: the suit led or a trump, suit: the suit led, non_trump: a non-trump"),
    OptionSpec::choice("no_trump_trick", &["highest_led", "leader"], "a trick without trumps goes to the highest card of the suit led, or to the leader"),
    OptionSpec::choice("out_of_trumps", &["play_on", "may_dump", "im_up"], "a player out of trumps plays on, may dump his hand into one trick, or is out at once"),
    OptionSpec::int("game_target", 1, 10000, "points that win the game"),
    OptionSpec::choice("win_rule", &["first_to_target", "own_bid"], "win by reaching the target (bidder goes out on a tie), or only on a hand your team bid and made"),
    OptionSpec::int("lose_at", 0, 10000, "a team at or below minus this many points loses (0: never)"),
];
