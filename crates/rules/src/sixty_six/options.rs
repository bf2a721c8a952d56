//! Options of the two-hand Sixty-six family. Each field is a point where
//! the sources disagree (or a preset differs); docs/rules/ names the source
//! of every default.

use crate::options::{find_spec, OptionError, OptionKind, OptionSpec};

/// What happens when the last trick is played after the talon ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastTrick {
    /// Sixty-six: the last trick is worth 10 extra points.
    Bonus10,
    /// Schnapsen: the winner of the last trick wins the deal outright.
    WinsDeal,
}

/// Who scores when every card was played (talon exhausted) and nobody declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unclaimed {
    /// The player with more points scores as for a correct declaration; a tie scores nothing.
    MorePoints,
    /// The winner of the last trick scores as for a correct declaration.
    LastTrick,
}

/// What the winner of a played-out deal scores (no one declared or reached 66).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayedOutScore {
    /// 1, 2 or 3 game points by the loser's points, as for a correct declaration.
    AsDeclared,
    /// Always 1 game point unless the winner has 66 (VU platform).
    One,
}

/// How a failed closing is punished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailedClose {
    /// 2 game points, 3 if the opponent had no trick when the talon was closed (Pagat, Tompa).
    AtClosing,
    /// 2 game points, 3 if the opponent has no trick at the end (the seed's wording).
    AtEnd,
    /// Always 3 game points (Santase).
    AlwaysThree,
}

/// What a successful close scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloseScore {
    /// 1, 2 or 3 by the opponent's points and tricks at the end of the deal.
    AtEnd,
    /// 1, 2 or 3 by the opponent's points and tricks when the talon was
    /// closed (Pagat's Schnapsen, Tompa).
    AtClosing,
}

/// Which card of a marriage may be led.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarriageLead {
    KingOrQueen,
    /// Sharp Schnapsen and the VU platform: only the king is led.
    KingOnly,
}

/// When marriage points start to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarriageCredit {
    /// As soon as the player has taken a trick (before or after the meld).
    HasTrick,
    /// Only when the player wins a trick after the meld (VU platform).
    NextTrickWon,
}

/// Whether a player must stop the deal by declaring, or the engine ends it
/// as soon as someone has 66 (VU platform).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declaring {
    Manual,
    Automatic,
}

/// Which points the 33-point "schneider" line is measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchneiderPoints {
    /// Trick points plus counted marriages (and the last-trick bonus).
    All,
    /// Trick points only.
    CardsOnly,
}

/// All rule options of a two-hand Sixty-six-family deal and match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SixtySixOptions {
    /// 6 (24-card Sixty-six) or 5 (20-card Schnapsen). Not settable: the preset fixes it.
    pub hand_size: u8,
    pub last_trick: LastTrick,
    pub unclaimed: Unclaimed,
    pub played_out_score: PlayedOutScore,
    pub declaring: Declaring,
    pub closing: bool,
    pub close_before_draw: bool,
    pub close_on_first_lead: bool,
    pub failed_close: FailedClose,
    pub close_score: CloseScore,
    pub exchange_requires_trick: bool,
    pub exchange_on_first_lead: bool,
    pub exchange_on_last_draw: bool,
    pub exchange_after_close: bool,
    pub marriage_lead: MarriageLead,
    pub marriage_on_first_lead: bool,
    pub marriages_after_talon: bool,
    pub marriage_credit: MarriageCredit,
    pub declare_after_meld: bool,
    pub schneider: u8,
    pub schneider_points: SchneiderPoints,
    pub match_target: u8,
}

impl SixtySixOptions {
    /// Two-hand Sixty-six as in the seed rules.
    pub const SIXTY_SIX: SixtySixOptions = SixtySixOptions {
        hand_size: 6,
        last_trick: LastTrick::Bonus10,
        unclaimed: Unclaimed::MorePoints,
        played_out_score: PlayedOutScore::AsDeclared,
        declaring: Declaring::Manual,
        closing: true,
        close_before_draw: true,
        close_on_first_lead: true,
        failed_close: FailedClose::AtClosing,
        close_score: CloseScore::AtEnd,
        exchange_requires_trick: true,
        exchange_on_first_lead: false,
        exchange_on_last_draw: true,
        exchange_after_close: false,
        marriage_lead: MarriageLead::KingOrQueen,
        marriage_on_first_lead: true,
        marriages_after_talon: false,
        marriage_credit: MarriageCredit::HasTrick,
        declare_after_meld: true,
        schneider: 33,
        schneider_points: SchneiderPoints::All,
        match_target: 7,
    };

    /// Schnapsen, "soft" (house) rules.
    pub const SCHNAPSEN: SixtySixOptions = SixtySixOptions {
        hand_size: 5,
        last_trick: LastTrick::WinsDeal,
        unclaimed: Unclaimed::LastTrick,
        played_out_score: PlayedOutScore::AsDeclared,
        declaring: Declaring::Manual,
        closing: true,
        close_before_draw: false,
        close_on_first_lead: true,
        failed_close: FailedClose::AtClosing,
        close_score: CloseScore::AtEnd,
        exchange_requires_trick: false,
        exchange_on_first_lead: true,
        exchange_on_last_draw: true,
        exchange_after_close: false,
        marriage_lead: MarriageLead::KingOrQueen,
        marriage_on_first_lead: true,
        marriages_after_talon: true,
        marriage_credit: MarriageCredit::HasTrick,
        declare_after_meld: true,
        schneider: 33,
        schneider_points: SchneiderPoints::All,
        match_target: 7,
    };

    /// The VU Amsterdam course platform (`schnapsen` 0.0.5).
    pub const SCHNAPSEN_VU: SixtySixOptions = SixtySixOptions {
        hand_size: 5,
        last_trick: LastTrick::WinsDeal,
        unclaimed: Unclaimed::LastTrick,
        played_out_score: PlayedOutScore::One,
        declaring: Declaring::Automatic,
        closing: false,
        close_before_draw: false,
        close_on_first_lead: false,
        failed_close: FailedClose::AtClosing,
        close_score: CloseScore::AtEnd,
        exchange_requires_trick: false,
        exchange_on_first_lead: true,
        exchange_on_last_draw: true,
        exchange_after_close: false,
        marriage_lead: MarriageLead::KingOnly,
        marriage_on_first_lead: true,
        marriages_after_talon: true,
        marriage_credit: MarriageCredit::NextTrickWon,
        declare_after_meld: false,
        schneider: 33,
        schneider_points: SchneiderPoints::All,
        match_target: 7,
    };

    /// Sets the "sharp" tournament rules of Schnapsen (Tompa): no exchange or
    /// closing at the first lead, no exchange with one face-down card left,
    /// only the king led for a marriage.
    pub fn sharpen(&mut self) {
        self.exchange_on_first_lead = false;
        self.close_on_first_lead = false;
        self.exchange_on_last_draw = false;
        self.marriage_lead = MarriageLead::KingOnly;
    }

    /// Cards in the deck (20 or 24).
    pub const fn deck_size(&self) -> usize {
        if self.hand_size == 5 {
            20
        } else {
            24
        }
    }

    /// Sets one option by name from text.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(SPECS, name)?;
        match spec.name {
            "last_trick" => {
                self.last_trick =
                    [LastTrick::Bonus10, LastTrick::WinsDeal][spec.parse_choice(value)?]
            }
            "unclaimed" => {
                self.unclaimed =
                    [Unclaimed::MorePoints, Unclaimed::LastTrick][spec.parse_choice(value)?]
            }
            "played_out_score" => {
                self.played_out_score =
                    [PlayedOutScore::AsDeclared, PlayedOutScore::One][spec.parse_choice(value)?]
            }
            "declaring" => {
                self.declaring =
                    [Declaring::Manual, Declaring::Automatic][spec.parse_choice(value)?]
            }
            "closing" => self.closing = spec.parse_bool(value)?,
            "close_before_draw" => self.close_before_draw = spec.parse_bool(value)?,
            "close_on_first_lead" => self.close_on_first_lead = spec.parse_bool(value)?,
            "failed_close" => {
                self.failed_close = [
                    FailedClose::AtClosing,
                    FailedClose::AtEnd,
                    FailedClose::AlwaysThree,
                ][spec.parse_choice(value)?]
            }
            "close_score" => {
                self.close_score =
                    [CloseScore::AtEnd, CloseScore::AtClosing][spec.parse_choice(value)?]
            }
            "exchange_requires_trick" => self.exchange_requires_trick = spec.parse_bool(value)?,
            "exchange_on_first_lead" => self.exchange_on_first_lead = spec.parse_bool(value)?,
            "exchange_on_last_draw" => self.exchange_on_last_draw = spec.parse_bool(value)?,
            "exchange_after_close" => self.exchange_after_close = spec.parse_bool(value)?,
            "marriage_lead" => {
                self.marriage_lead =
                    [MarriageLead::KingOrQueen, MarriageLead::KingOnly][spec.parse_choice(value)?]
            }
            "marriage_on_first_lead" => self.marriage_on_first_lead = spec.parse_bool(value)?,
            "marriages_after_talon" => self.marriages_after_talon = spec.parse_bool(value)?,
            "marriage_credit" => {
                self.marriage_credit = [MarriageCredit::HasTrick, MarriageCredit::NextTrickWon]
                    [spec.parse_choice(value)?]
            }
            "declare_after_meld" => self.declare_after_meld = spec.parse_bool(value)?,
            "schneider" => self.schneider = spec.parse_int(value)? as u8,
            "schneider_points" => {
                self.schneider_points =
                    [SchneiderPoints::All, SchneiderPoints::CardsOnly][spec.parse_choice(value)?]
            }
            "match_target" => self.match_target = spec.parse_int(value)? as u8,
            "sharp" => {
                if spec.parse_bool(value)? {
                    self.sharpen()
                }
            }
            _ => unreachable!("every spec has a setter"),
        }
        Ok(())
    }

    /// The current value of every option, as text, in [`SPECS`] order
    /// (the `sharp` shorthand is left out: it is not a state of its own).
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let b = |v: bool| v.to_string();
        vec![
            (
                "last_trick",
                choice(
                    &self.last_trick,
                    &[LastTrick::Bonus10, LastTrick::WinsDeal],
                    "last_trick",
                ),
            ),
            (
                "unclaimed",
                choice(
                    &self.unclaimed,
                    &[Unclaimed::MorePoints, Unclaimed::LastTrick],
                    "unclaimed",
                ),
            ),
            (
                "played_out_score",
                choice(
                    &self.played_out_score,
                    &[PlayedOutScore::AsDeclared, PlayedOutScore::One],
                    "played_out_score",
                ),
            ),
            (
                "declaring",
                choice(
                    &self.declaring,
                    &[Declaring::Manual, Declaring::Automatic],
                    "declaring",
                ),
            ),
            ("closing", b(self.closing)),
            ("close_before_draw", b(self.close_before_draw)),
            ("close_on_first_lead", b(self.close_on_first_lead)),
            (
                "failed_close",
                choice(
                    &self.failed_close,
                    &[
                        FailedClose::AtClosing,
                        FailedClose::AtEnd,
                        FailedClose::AlwaysThree,
                    ],
                    "failed_close",
                ),
            ),
            (
                "close_score",
                choice(
                    &self.close_score,
                    &[CloseScore::AtEnd, CloseScore::AtClosing],
                    "close_score",
                ),
            ),
            ("exchange_requires_trick", b(self.exchange_requires_trick)),
            ("exchange_on_first_lead", b(self.exchange_on_first_lead)),
            ("exchange_on_last_draw", b(self.exchange_on_last_draw)),
            ("exchange_after_close", b(self.exchange_after_close)),
            (
                "marriage_lead",
                choice(
                    &self.marriage_lead,
                    &[MarriageLead::KingOrQueen, MarriageLead::KingOnly],
                    "marriage_lead",
                ),
            ),
            ("marriage_on_first_lead", b(self.marriage_on_first_lead)),
            ("marriages_after_talon", b(self.marriages_after_talon)),
            (
                "marriage_credit",
                choice(
                    &self.marriage_credit,
                    &[MarriageCredit::HasTrick, MarriageCredit::NextTrickWon],
                    "marriage_credit",
                ),
            ),
            ("declare_after_meld", b(self.declare_after_meld)),
            ("schneider", self.schneider.to_string()),
            (
                "schneider_points",
                choice(
                    &self.schneider_points,
                    &[SchneiderPoints::All, SchneiderPoints::CardsOnly],
                    "schneider_points",
                ),
            ),
            ("match_target", self.match_target.to_string()),
        ]
    }
}

fn choice<T: PartialEq>(value: &T, all: &[T], name: &str) -> String {
    let spec = SPECS.iter().find(|s| s.name == name).expect("spec exists");
    let OptionKind::Choice(names) = spec.kind else {
        unreachable!("choice spec")
    };
    names[all.iter().position(|v| v == value).expect("value listed")].to_string()
}

/// Every option of the family, with a one-line description.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec::choice(
        "last_trick",
        &["bonus10", "wins_deal"],
        "after the talon ran out: the last trick scores 10 (Sixty-six) or wins the deal (Schnapsen)",
    ),
    OptionSpec::choice(
        "unclaimed",
        &["more_points", "last_trick"],
        "all cards played and nobody declared: more points wins (tie scores nothing) or the last trick wins",
    ),
    OptionSpec::choice(
        "played_out_score",
        &["as_declared", "one"],
        "winner of a played-out deal without 66 scores 1-3 as for a declaration, or just 1 (VU)",
    ),
    OptionSpec::choice(
        "declaring",
        &["manual", "automatic"],
        "manual: a player stops the deal by declaring, right or wrong; automatic: the deal ends at 66 (VU)",
    ),
    OptionSpec::flag("closing", "the player on lead may close the talon"),
    OptionSpec::flag("close_before_draw", "the trick winner may close before drawing (Wikipedia's Sixty-six)"),
    OptionSpec::flag("close_on_first_lead", "closing is allowed before the first trick (sharp Schnapsen: no)"),
    OptionSpec::choice(
        "failed_close",
        &["at_closing", "at_end", "always_three"],
        "failed close costs 2, or 3 if the opponent had no trick when closing / at the end; or always 3",
    ),
    OptionSpec::choice(
        "close_score",
        &["at_end", "at_closing"],
        "a successful close scores 1-3 by the opponent's points and tricks at the end of the deal, or when the talon was closed (Pagat, Tompa)",
    ),
    OptionSpec::flag("exchange_requires_trick", "the trump exchange needs a trick won first (Wikipedia's Sixty-six)"),
    OptionSpec::flag("exchange_on_first_lead", "the trump exchange is allowed before the first trick"),
    OptionSpec::flag("exchange_on_last_draw", "the trump exchange is allowed when one face-down card is left"),
    OptionSpec::flag("exchange_after_close", "the trump exchange is allowed after the talon was closed"),
    OptionSpec::choice("marriage_lead", &["king_or_queen", "king_only"], "which card of a marriage is led"),
    OptionSpec::flag("marriage_on_first_lead", "a marriage may be melded on the very first lead"),
    OptionSpec::flag("marriages_after_talon", "marriages may be melded after the talon is closed or exhausted"),
    OptionSpec::choice(
        "marriage_credit",
        &["has_trick", "next_trick_won"],
        "marriage points count once the player has a trick, or only after winning a later trick (VU)",
    ),
    OptionSpec::flag("declare_after_meld", "a player may declare 66 right after melding, without leading"),
    OptionSpec {
        name: "schneider",
        kind: OptionKind::Int { min: 0, max: 66 },
        doc: "the loser escapes the 2-point loss with at least this many points",
    },
    OptionSpec::choice(
        "schneider_points",
        &["all", "cards_only"],
        "the schneider line counts all points (with marriages) or trick points only",
    ),
    OptionSpec {
        name: "match_target",
        kind: OptionKind::Int { min: 1, max: 99 },
        doc: "game points that win the match",
    },
    OptionSpec::flag("sharp", "shorthand: set the sharp (tournament) Schnapsen rules"),
];
