//! Options of North American Sixty-six. The seed (the only source found)
//! leaves several points open; each is an option here and
//! docs/rules/na-sixty-six.md gives every default and why.

use crate::options::{find_spec, OptionError, OptionKind, OptionSpec};

/// Rank order within a suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankOrder {
    /// As the seed prints it for this game: 9 10 J Q K A (ten below jack).
    Printed,
    /// The European Sixty-six order: 9 J Q K 10 A.
    TenHigh,
}

/// What a moon (bid 5, playing alone) must take and what it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoonScoring {
    /// The lone bidder must win every trick; made +5, set -5.
    AllTricks,
    /// Like the other bids: 5 x 33 = 165 points (needs marriages), made
    /// scores its ticks, set -5.
    Points165,
}

/// What happens when every player passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllPass {
    /// The deal is thrown in and scores nothing; the next dealer deals.
    Redeal,
    /// The dealer, last to speak, may not pass after three (two) passes.
    DealerBids,
}

/// What the winner of the first trick gets from the widow (three hands).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Widow {
    /// The widow's cards join the first trick: their points count.
    Points,
    /// The winner takes the widow into hand and lays away three cards,
    /// whose points count for the winner.
    Exchange,
}

/// Which game the engine plays. Fixed by the preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// North American Sixty-six: 24 cards, bidding, the first lead fixes trumps.
    Bidding,
    /// Hoyle's four-hand Sixty-six: 32 cards, no bidding, the dealer's last
    /// card is turned for trumps, no marriages, game points 1-3 for 66/100/all tricks.
    TurnedTrump,
}

/// All rule options of a North American Sixty-six deal and game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaOptions {
    /// 4 (partnerships) or 3 (cut-throat). Fixed by the preset.
    pub players: u8,
    /// Fixed by the preset.
    pub form: Form,
    pub rank_order: RankOrder,
    /// Must a player head (beat) the trick even when the partner is winning it?
    pub head_partner: bool,
    /// Extra points for the last trick (0: none).
    pub last_trick_bonus: u16,
    pub moon: bool,
    pub moon_scoring: MoonScoring,
    pub all_pass: AllPass,
    pub widow: Widow,
    /// The widow is shown to everyone once won (else only its winner sees it).
    pub widow_shown: bool,
    /// Ticks (game points) that win the game.
    pub target: u8,
    /// (turned trump) the side winning the ten of trumps scores 1 more game point.
    pub ten_of_trumps: bool,
}

impl NaOptions {
    /// `na-sixty-six`: four hands in partnerships, to 10.
    pub const FOUR_HANDS: NaOptions = NaOptions {
        players: 4,
        form: Form::Bidding,
        rank_order: RankOrder::Printed,
        head_partner: true,
        last_trick_bonus: 0,
        moon: true,
        moon_scoring: MoonScoring::AllTricks,
        all_pass: AllPass::Redeal,
        widow: Widow::Points,
        widow_shown: false,
        target: 10,
        ten_of_trumps: false,
    };

    /// `na-sixty-six-3`: three hands cut-throat with a widow, to 15.
    pub const THREE_HANDS: NaOptions = NaOptions {
        players: 3,
        moon: false,
        target: 15,
        ..NaOptions::FOUR_HANDS
    };

    /// `sixty-six-4`: Hoyle's four-hand Sixty-six, 32 cards, turned trump, to 7.
    pub const HOYLE_FOUR: NaOptions = NaOptions {
        form: Form::TurnedTrump,
        rank_order: RankOrder::TenHigh,
        head_partner: true,
        last_trick_bonus: 10,
        moon: false,
        target: 7,
        ..NaOptions::FOUR_HANDS
    };

    /// Cards per hand: 6 with four players, 7 with three (plus a 3-card
    /// widow), 8 in the 32-card turned-trump game.
    pub const fn hand_size(&self) -> usize {
        match (self.form, self.players) {
            (Form::TurnedTrump, _) => 8,
            (_, 3) => 7,
            _ => 6,
        }
    }

    pub const fn deck_size(&self) -> usize {
        match self.form {
            Form::TurnedTrump => 32,
            Form::Bidding => 24,
        }
    }

    pub const fn widow_size(&self) -> usize {
        self.deck_size() - self.players as usize * self.hand_size()
    }

    /// The side (partnership or lone player) a seat scores for.
    pub const fn side(&self, seat: talon_cards::Seat) -> usize {
        if self.players == 4 {
            seat.0 as usize % 2
        } else {
            seat.0 as usize
        }
    }

    /// Sides that score: two partnerships, or each of three players.
    pub const fn sides(&self) -> usize {
        if self.players == 4 {
            2
        } else {
            3
        }
    }

    /// Why option `name` changes nothing in this form of the game (four
    /// hands bidding, three hands with a widow, or trumps turned), or
    /// `None` where it plays a part. Such an option is not offered, and a
    /// new game may not move it from the preset's value.
    pub fn inert(&self, name: &str) -> Option<&'static str> {
        let bidding = self.form == Form::Bidding;
        match name {
            "moon" | "moon_scoring" | "all_pass" if !bidding => {
                Some("this game has no auction: trumps are turned")
            }
            "moon" | "moon_scoring" if self.players != 4 => {
                Some("the moon (playing alone) is for the four-hand partnership game")
            }
            "head_partner" if self.players != 4 => Some("three hands have no partners"),
            "widow" | "widow_shown" if self.widow_size() == 0 => {
                Some("only the three-hand game has a widow")
            }
            "ten_of_trumps" if self.form != Form::TurnedTrump => {
                Some("a rule of sixty-six-4, the turned-trump game, only")
            }
            _ => None,
        }
    }

    /// Sets one option by name from text.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(SPECS, name)?;
        match spec.name {
            "rank_order" => {
                self.rank_order =
                    [RankOrder::Printed, RankOrder::TenHigh][spec.parse_choice(value)?]
            }
            "head_partner" => self.head_partner = spec.parse_bool(value)?,
            "last_trick_bonus" => self.last_trick_bonus = spec.parse_int(value)? as u16,
            "moon" => self.moon = spec.parse_bool(value)?,
            "moon_scoring" => {
                self.moon_scoring =
                    [MoonScoring::AllTricks, MoonScoring::Points165][spec.parse_choice(value)?]
            }
            "all_pass" => {
                self.all_pass = [AllPass::Redeal, AllPass::DealerBids][spec.parse_choice(value)?]
            }
            "widow" => self.widow = [Widow::Points, Widow::Exchange][spec.parse_choice(value)?],
            "widow_shown" => self.widow_shown = spec.parse_bool(value)?,
            "target" => self.target = spec.parse_int(value)? as u8,
            "ten_of_trumps" => self.ten_of_trumps = spec.parse_bool(value)?,
            _ => unreachable!("every spec has a setter"),
        }
        Ok(())
    }

    /// The current value of every option, as text, in [`SPECS`] order.
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let pick = |names: [&str; 2], second: bool| names[usize::from(second)].to_string();
        vec![
            (
                "rank_order",
                pick(
                    ["printed", "ten_high"],
                    self.rank_order == RankOrder::TenHigh,
                ),
            ),
            ("head_partner", self.head_partner.to_string()),
            ("last_trick_bonus", self.last_trick_bonus.to_string()),
            ("moon", self.moon.to_string()),
            (
                "moon_scoring",
                pick(
                    ["all_tricks", "points_165"],
                    self.moon_scoring == MoonScoring::Points165,
                ),
            ),
            (
                "all_pass",
                pick(
                    ["redeal", "dealer_bids"],
                    self.all_pass == AllPass::DealerBids,
                ),
            ),
            (
                "widow",
                pick(["points", "exchange"], self.widow == Widow::Exchange),
            ),
            ("widow_shown", self.widow_shown.to_string()),
            ("target", self.target.to_string()),
            ("ten_of_trumps", self.ten_of_trumps.to_string()),
        ]
    }
}

/// Every option of the family, with a one-line description.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "rank_order",
        kind: OptionKind::Choice(&["printed", "ten_high"]),
        doc: "rank order in a suit: as printed in the source text (9 10 J Q K A) or ten high (9 J Q K 10 A; 7 8 9 J Q K 10 A in the 32-card game)",
    },
    OptionSpec {
        name: "head_partner",
        kind: OptionKind::Bool,
        doc: "a player must beat the trick when able even if the partner is winning it",
    },
    OptionSpec {
        name: "last_trick_bonus",
        kind: OptionKind::Int { min: 0, max: 30 },
        doc: "extra points for winning the last trick (the North American source text names none; Hoyle's four-hand game gives 10)",
    },
    OptionSpec {
        name: "moon",
        kind: OptionKind::Bool,
        doc: "the moon bid (5, playing alone) is allowed (partnership game only)",
    },
    OptionSpec {
        name: "moon_scoring",
        kind: OptionKind::Choice(&["all_tricks", "points_165"]),
        doc: "a moon must take every trick (+5/-5) or 165 points like any bid",
    },
    OptionSpec {
        name: "all_pass",
        kind: OptionKind::Choice(&["redeal", "dealer_bids"]),
        doc: "everyone passes: the deal is thrown in, or the dealer may not pass",
    },
    OptionSpec {
        name: "widow",
        kind: OptionKind::Choice(&["points", "exchange"]),
        doc: "three hands: the widow's points go to the first trick's winner, or the winner takes it up and lays away three",
    },
    OptionSpec {
        name: "widow_shown",
        kind: OptionKind::Bool,
        doc: "three hands: the widow is shown to all once won (else only its winner sees it)",
    },
    OptionSpec {
        name: "target",
        kind: OptionKind::Int { min: 1, max: 99 },
        doc: "ticks that win the game (10, or 15 in South Bend and money games; 7 game points in sixty-six-4)",
    },
    OptionSpec {
        name: "ten_of_trumps",
        kind: OptionKind::Bool,
        doc: "sixty-six-4: the side that wins the ten of trumps scores 1 more game point (a local rule)",
    },
];
