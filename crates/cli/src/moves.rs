//! A person's moves in `talon play`: typed the way cards are shown (`K♠`),
//! explained before the consequential ones, and the help text (the rules
//! list them in their natural order, `talon_rules::sort_actions`). Nothing
//! here decides a rule: legality stays with `rules`.

use talon_cards::Suit;
use talon_rules::{AnyObservation, Family, Preset};

/// Typed input made into notation: suit symbols as letters (`K♠` → `KS`,
/// `10♥` → `10H`), surrounding space trimmed. The rules read the rest.
pub fn normalize(input: &str) -> String {
    let mut out = String::new();
    for c in input.trim().chars() {
        match c {
            '♠' | '♤' => out.push('S'),
            '♥' | '♡' => out.push('H'),
            '♦' | '♢' => out.push('D'),
            '♣' | '♧' => out.push('C'),
            c => out.push(c),
        }
    }
    out
}

/// North American Sixty-six's moves under these options.
fn na_moves(o: &talon_rules::na_sixty_six::NaOptions) -> String {
    use talon_rules::na_sixty_six::{Form, Widow};
    if o.form == Form::TurnedTrump {
        return "Moves: a card (KH). No bidding and no marriages: the turned card names trumps."
            .into();
    }
    let mut m = String::from("Moves: pass, bid 1 .. bid 4");
    if o.moon {
        m.push_str(", moon");
    }
    m.push_str("; a card (KH); KH+ (or QH+) leads a king or queen announcing the marriage");
    if o.players == 3 && o.widow == Widow::Exchange {
        m.push_str("; discard KH lays a card away after taking the widow");
    }
    m.push('.');
    m
}

/// The help screen: notation, keys and what matters now.
pub fn help(preset: Preset, obs: &AnyObservation, terminal: bool) -> Vec<String> {
    let mut out = vec![format!("{} — help", preset.name()), String::new()];
    out.push("Cards: rank then suit, as shown or in letters: K♠ = KS, T♥ = TH = 10H.".into());
    out.push(match (preset.family(), obs) {
        (Family::Pedro, AnyObservation::Pedro(o)) => format!(
            "Moves: pass, bid {}{}; trump H; discard 9C; give 7H{}; a card (5H); dump.{}",
            o.options.min_bid,
            if o.options.double_bid {
                ", bid double"
            } else {
                ""
            },
            if o.options.give_optional {
                "; keep (your extra trumps)"
            } else {
                ""
            },
            if o.options.joker {
                " The joker is JK."
            } else {
                ""
            }
        ),
        (Family::SixtySix, AnyObservation::SixtySix(o)) => {
            use talon_rules::sixty_six::Declaring;
            format!(
                "Moves: a card (QS); MH meld hearts (then lead K or Q); exchange; close{}{}.",
                if o.options.declaring == Declaring::Manual {
                    "; declare"
                } else {
                    ""
                },
                // Only where the trick's winner may close before drawing.
                if o.options.close_before_draw {
                    "; draw (take your card without closing)"
                } else {
                    ""
                }
            )
        }
        (Family::NaSixtySix, AnyObservation::NaSixtySix(o)) => na_moves(&o.options),
        (Family::Sevens, _) => "Moves: a card (7H); with a wild ace, ace odd or ace even.".into(),
        _ => "Moves: see the list of your moves.".into(),
    });
    let auction = match obs {
        AnyObservation::Pedro(_) => true,
        AnyObservation::NaSixtySix(o) => o.options.form == talon_rules::na_sixty_six::Form::Bidding,
        _ => false,
    };
    out.push(if terminal {
        "Keys: ←/→ choose a move, Enter plays it; or type it and press Enter. \
         h hint · u undo · l last trick and the whole log · s score sheet · ? help · Esc clears · q quit."
            .into()
    } else {
        format!(
            "Commands: a move (notation or its number{}), hint, undo, last, sheet, help, quit.",
            if auction {
                "; in an auction a number is a bid"
            } else {
                ""
            }
        )
    });
    out.push(String::new());
    out.push("Now:".into());
    out.extend(now(obs).into_iter().map(|l| format!("  {l}")));
    out.push(String::new());
    out.push(format!("The whole rules: talon rules {}", preset.name()));
    out
}

/// The rules that matter at this point of the deal.
fn now(obs: &AnyObservation) -> Vec<String> {
    match obs {
        AnyObservation::SixtySix(o) => {
            let strict = o.closed.is_some() || o.trump_card.is_none();
            vec![
                format!("Trumps are {}.", Suit::name(o.trump)),
                if strict {
                    "The talon is closed or gone: follow suit and beat the card led if you can; \
                     otherwise trump if you can."
                        .into()
                } else {
                    "While the talon is open you need not follow suit or trump.".into()
                },
                "A marriage counts once you have a trick; declare when you believe you have 66."
                    .into(),
            ]
        }
        AnyObservation::NaSixtySix(o) => {
            let mut v = Vec::new();
            match o.trump {
                None if o.bidder.is_none() => {
                    v.push("Bidding: each bid must beat the last; the high bidder leads.".into())
                }
                None => v.push(
                    "No trumps yet: the bidder's first lead names trumps (the screen asks first)."
                        .into(),
                ),
                Some(t) => v.push(format!("Trumps are {}.", Suit::name(t))),
            }
            v.push(format!(
                "Follow suit if you can, else play a trump if you can; and beat the trick when you can{}.",
                if o.options.head_partner {
                    ", even your partner's"
                } else {
                    ", unless your partner is winning it"
                }
            ));
            v
        }
        AnyObservation::Sevens(o) => {
            use talon_rules::sevens::Tie;
            let tie = match o.options.tie {
                Tie::Highest => "highest",
                Tie::Lowest => "lowest",
            };
            let mut v = vec![
                "Follow suit if you can; there are no trumps.".into(),
                "Odd cards: 3 5 7 9 J K; even: 2 4 6 8 10 Q A. Count them in the whole trick: \
                 more odd, the highest card of the suit led wins; more even, the lowest."
                    .into(),
                format!("As many odd as even: the {tie} card of the suit led wins."),
            ];
            if o.options.ace_wild {
                v.push(
                    "An ace is wild: once the trick is down you call it odd (low, 1) or even \
                     (high, 14)."
                        .into(),
                );
            }
            v
        }
        AnyObservation::Pedro(o) => {
            let mut v = Vec::new();
            match (o.bidder, o.trump) {
                (None, _) => v.push("Bidding: bid the points your team will take, or pass.".into()),
                (Some(_), None) => v.push("The bidder names trumps.".into()),
                (Some(_), Some(t)) => v.push(format!("Trumps are {}.", Suit::name(t))),
            }
            v.push("When a trump is led you must play a trump if you can.".into());
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help says each game's own rules: no sides, auctions or `draw`
    /// where a game has none.
    #[test]
    fn the_help_names_only_what_the_game_has() {
        let help_of = |preset, options: &[(&str, &str)]| {
            let options: Vec<(String, String)> = options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let game =
                talon_rules::AnyGame::new(preset, &options, &talon_rules::Setup::Seed(1)).unwrap();
            help(preset, &game.observe(talon_cards::Seat(0)).unwrap(), false).join("\n")
        };
        let sevens = help_of(Preset::SixesAndSevens, &[]);
        assert!(sevens.contains("Odd cards: 3 5 7 9 J K"), "{sevens}");
        assert!(
            sevens.contains("As many odd as even: the highest"),
            "{sevens}"
        );
        assert!(
            !sevens.contains("side") && !sevens.contains("auction"),
            "{sevens}"
        );
        let low = help_of(
            Preset::SixesAndSevens,
            &[("tie", "lowest"), ("ace_wild", "true")],
        );
        assert!(
            low.contains("the lowest card of the suit led wins.") && low.contains("wild"),
            "{low}"
        );
        let schnapsen = help_of(Preset::Schnapsen, &[]);
        assert!(
            !schnapsen.contains("draw") && schnapsen.contains("declare"),
            "{schnapsen}"
        );
        let before_draw = help_of(Preset::Schnapsen, &[("close_before_draw", "true")]);
        assert!(before_draw.contains("draw"), "{before_draw}");
        assert!(help_of(Preset::SixtyThree, &[]).contains("in an auction a number is a bid"));
    }

    #[test]
    fn symbols_read_as_letters() {
        assert_eq!(normalize(" K♠ "), "KS");
        assert_eq!(normalize("10♥"), "10H");
        assert_eq!(normalize("discard 9♣"), "discard 9C");
    }
}
