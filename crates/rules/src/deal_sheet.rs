//! The score sheet a deal of a match was dealt under, as text: how a deal
//! saved on its own (the Python package's `serialize`) keeps the match
//! score that its seats see and its bots weigh.
//!
//! The text is the scores before the deal, one per side, separated by
//! commas (`3,5`); North American Sixty-six adds the game points carried
//! from tied deals (`4,7 carry 1`). Sixes and Sevens deals carry no sheet.

use crate::any_game::{AnyGame, SetupError};
use crate::na_sixty_six::{Form, NaSheet};

/// Pedro and North American scores beyond this are refused: no real game
/// gets there, and the bots' arithmetic stays far from overflow.
const MAX_SCORE: i32 = 10_000;

impl AnyGame {
    /// The sheet this deal was dealt under, as text; `None` for a lone deal.
    pub fn sheet_text(&self) -> Option<String> {
        let join = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(",");
        match self {
            AnyGame::SixtySix { game, .. } => game.sheet().map(|s| join(&s.scores.map(i32::from))),
            AnyGame::Pedro { game, .. } => game.sheet().map(|s| join(&s)),
            AnyGame::NaSixtySix { game, .. } => game.sheet().map(|s| {
                let sides = game.options().sides();
                let scores = join(&s.scores[..sides]);
                if s.carry == 0 {
                    scores
                } else {
                    format!("{scores} carry {}", s.carry)
                }
            }),
            AnyGame::Sevens { .. } => None,
        }
    }

    /// The same deal as one deal of a match standing at `text` (see the
    /// module's notes). Refused, naming the problem, when the text does not
    /// parse, has the wrong number of sides, or gives a score the match
    /// cannot stand at before a deal (in Sixty-six, a score at or past the
    /// target: that match is over).
    pub fn with_sheet_text(self, text: &str) -> Result<AnyGame, SetupError> {
        let bad = |e: String| SetupError::Deal(format!("sheet {text:?}: {e}"));
        let (scores, carry) = match text.trim().split_once(" carry ") {
            Some((scores, carry)) => {
                let carry: i32 = carry
                    .trim()
                    .parse()
                    .map_err(|_| bad(format!("carry {:?} is not a number", carry.trim())))?;
                (scores, Some(carry))
            }
            None => (text.trim(), None),
        };
        let scores = scores
            .split(',')
            .map(|s| {
                s.trim()
                    .parse::<i32>()
                    .map_err(|_| bad(format!("{:?} is not a score", s.trim())))
            })
            .collect::<Result<Vec<i32>, _>>()?;
        let sides = |n: usize| {
            if scores.len() == n {
                Ok(())
            } else {
                Err(bad(format!("{} scores for {n} sides", scores.len())))
            }
        };
        if carry.is_some() && !matches!(self, AnyGame::NaSixtySix { .. }) {
            return Err(bad("only North American Sixty-six carries points".into()));
        }
        Ok(match self {
            AnyGame::SixtySix { preset, deal, game } => {
                sides(2)?;
                let target = i32::from(game.options().match_target.max(1));
                if let Some(s) = scores.iter().find(|&&s| !(0..target).contains(&s)) {
                    return Err(bad(format!(
                        "{s} is not a score before a deal of a match to {target}"
                    )));
                }
                let sheet = [scores[0] as u16, scores[1] as u16];
                AnyGame::SixtySix {
                    preset,
                    deal,
                    game: game.with_sheet(sheet),
                }
            }
            AnyGame::Pedro { preset, deal, game } => {
                sides(2)?;
                in_range(&scores, -MAX_SCORE).map_err(bad)?;
                AnyGame::Pedro {
                    preset,
                    deal,
                    game: game.with_sheet([scores[0], scores[1]]),
                }
            }
            AnyGame::NaSixtySix { preset, deal, game } => {
                sides(game.options().sides())?;
                // A bidding side that fails is set back below zero.
                in_range(&scores, -MAX_SCORE).map_err(bad)?;
                // Only Hoyle's game (trumps turned, no bidding) has ties.
                if carry.is_some() && game.options().form != Form::TurnedTrump {
                    return Err(bad("only a game with trumps turned carries points".into()));
                }
                let carry = carry.unwrap_or(0);
                in_range(&[carry], 0).map_err(|e| bad(format!("carry: {e}")))?;
                let mut sheet = NaSheet {
                    carry,
                    ..NaSheet::default()
                };
                sheet.scores[..scores.len()].copy_from_slice(&scores);
                AnyGame::NaSixtySix {
                    preset,
                    deal,
                    game: game.with_sheet(sheet),
                }
            }
            AnyGame::Sevens { .. } => {
                return Err(bad("Sixes and Sevens deals carry no score sheet".into()))
            }
        })
    }
}

fn in_range(values: &[i32], low: i32) -> Result<(), String> {
    match values.iter().find(|&&v| !(low..=MAX_SCORE).contains(&v)) {
        Some(v) => Err(format!("{v} is outside {low}..={MAX_SCORE}")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::{AnyGame, AnyMatch, Preset, Setup};

    fn lone(preset: &str) -> AnyGame {
        let preset = Preset::from_name(preset).expect("preset");
        AnyGame::new(preset, &[], &Setup::Seed(3)).expect("deal")
    }

    /// A deal of a match under way gives its sheet back as text, and the
    /// lone deal with that text is the very same game.
    #[test]
    fn a_match_deal_comes_back_from_its_sheet_text() {
        for name in [
            "schnapsen",
            "sixty-six",
            "pedro",
            "na-sixty-six-3",
            "sixty-six-4",
        ] {
            let preset = Preset::from_name(name).expect("preset");
            let mut m = AnyMatch::new(preset, &[], 0).expect("match");
            // Play deals out (a varying legal action) until the sheet moves.
            let mut step = 0usize;
            let game = (0..50)
                .find_map(|seed| {
                    let mut g = m.next_deal(seed);
                    if m.scores().iter().any(|&s| s != 0) {
                        return Some(g);
                    }
                    while g.to_move().is_some() {
                        let legal = g.legal_actions();
                        step = step.wrapping_mul(31).wrapping_add(7);
                        g.play(&legal[step % legal.len()]).expect("legal");
                    }
                    m.record(&g).expect("booked");
                    None
                })
                .expect("the sheet moves within 50 deals");
            let text = game.sheet_text().expect("a match deal has a sheet");
            let back = AnyGame::new(preset, &[], &Setup::Deal(game.deal_text()))
                .expect("deal")
                .with_sheet_text(&text)
                .expect("its own sheet");
            assert_eq!(back, game, "{name}: {text}");
        }
    }

    /// Points carried from tied deals (Hoyle's four-hand game) come back.
    #[test]
    fn a_carry_comes_back() {
        let game = lone("sixty-six-4")
            .with_sheet_text("1,2 carry 1")
            .expect("a carry");
        assert_eq!(game.sheet_text().as_deref(), Some("1,2 carry 1"));
    }

    #[test]
    fn a_lone_deal_has_no_sheet_text() {
        assert_eq!(lone("schnapsen").sheet_text(), None);
        assert_eq!(lone("sixes-and-sevens").sheet_text(), None);
    }

    /// Every bad sheet is refused with its reason.
    #[test]
    fn bad_sheets_are_refused_by_name() {
        let cases = [
            (
                "schnapsen",
                "7,0",
                "not a score before a deal of a match to 7",
            ),
            ("schnapsen", "-1,0", "not a score before a deal"),
            ("schnapsen", "1", "1 scores for 2 sides"),
            ("schnapsen", "1,2,3", "3 scores for 2 sides"),
            ("schnapsen", "1,x", "\"x\" is not a score"),
            ("schnapsen", "1,2 carry 1", "only North American Sixty-six"),
            ("pedro", "20000,0", "outside"),
            ("na-sixty-six", "1,2,3", "3 scores for 2 sides"),
            ("na-sixty-six", "1,-20000", "outside -10000..="),
            ("na-sixty-six", "1,2 carry x", "carry \"x\" is not a number"),
            (
                "na-sixty-six",
                "1,2 carry 1",
                "only a game with trumps turned",
            ),
            ("sixty-six-4", "1,2 carry -1", "carry: -1 is outside 0..="),
            ("sixes-and-sevens", "1,2,3", "carry no score sheet"),
        ];
        for (preset, text, why) in cases {
            let e = lone(preset)
                .with_sheet_text(text)
                .expect_err(text)
                .to_string();
            assert!(e.contains(why), "{preset} {text}: {e}");
        }
    }
}
