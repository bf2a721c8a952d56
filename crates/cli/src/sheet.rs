//! Seats named for a person ("you", "partner", "expert (left)") and the
//! score sheet of `talon play`: each deal's result and the match standing
//! in the game's own terms, and every hand once a deal is over.

use crate::text::{and_list, pretty, pretty_hand, suit_group};
use talon_cards::{Card, CardSet, Seat, Suit};
use talon_rules::{AnyMatch, Family, Preset};
use talon_table::FinishedDeal;

/// Who sits where, as the person sees the table.
#[derive(Clone, Debug)]
pub struct Seating {
    pub human: Seat,
    pub seats: u8,
    pub partners: bool,
    /// Bot name by seat (the person's entry unused).
    pub bots: Vec<String>,
}

impl Seating {
    pub fn new(preset: Preset, seats: u8, human: Seat, bots: Vec<String>) -> Seating {
        let partners = preset.partnerships();
        Seating {
            human,
            seats,
            partners,
            bots,
        }
    }

    /// "you", "partner (expert)", "expert (left)", or in a two-hand game
    /// just the bot's name.
    pub fn name(&self, seat: Seat) -> String {
        if seat == self.human {
            return "you".into();
        }
        let bot = &self.bots[seat.index() % self.bots.len().max(1)];
        let offset = (seat.0 + self.seats - self.human.0) % self.seats;
        match (self.seats, offset) {
            (2, _) => bot.clone(),
            (4, 2) if self.partners => format!("partner ({bot})"),
            (3 | 4, 1) => format!("{bot} (left)"),
            (4, 2) => format!("{bot} (across)"),
            (3, 2) | (4, 3) => format!("{bot} (right)"),
            _ => format!("{bot} (seat {})", seat.0),
        }
    }

    /// `text` with "seat N" replaced by the seat's name, and the verbs
    /// after the person's seat made to agree with "you".
    pub fn names_in(&self, text: &str) -> String {
        let h = self.human.0;
        let mut out = text.to_string();
        for (from, to) in [
            ("takes it", "take it"),
            ("takes the kitty", "take the kitty"),
            ("draws", "draw"),
            ("robs", "rob"),
            ("throws away", "throw away"),
            ("wins", "win"),
            ("was forced", "were forced"),
            ("does not hold", "do not hold"),
        ] {
            out = out.replace(&format!("seat {h} {from}"), &format!("seat {h} {to}"));
        }
        // "seat 0 bid 45 and was set": one bidder a line.
        if out.contains(&format!("seat {h} bid ")) || out.contains(&format!("seat {h} were forced"))
        {
            out = out.replace(" and was set", " and were set");
        }
        if self.partners {
            // North American Sixty-six names sides by their seats.
            for side in 0..2 {
                let name = if side == h % 2 {
                    "your side"
                } else {
                    "opponents"
                };
                out = out.replace(
                    &format!("side {side} (seats {side} and {})", side + 2),
                    name,
                );
            }
            out = out.replace("opponents wins", "opponents win");
        }
        for s in (0..self.seats).rev() {
            out = out.replace(&format!("seat {s}"), &self.name(Seat(s)));
        }
        out
    }

    /// The sides that score: two teams, or every seat.
    fn sides(&self) -> Vec<(String, Seat)> {
        if self.partners {
            let mine = Seat(self.human.0 % 2);
            let theirs = Seat(1 - self.human.0 % 2);
            vec![("you & partner".into(), mine), ("opponents".into(), theirs)]
        } else {
            (0..self.seats)
                .map(|s| (self.name(Seat(s)), Seat(s)))
                .collect()
        }
    }
}

/// One finished deal, booked for the sheet.
#[derive(Clone, Debug)]
pub struct DealLine {
    pub number: u32,
    pub text: String,
    /// What the deal added to each seat's match score (in a lone deal,
    /// the deal's own score).
    pub score: Vec<i32>,
}

impl DealLine {
    /// The table's finished deals as sheet lines: each deal's change to
    /// the match score, as the table booked it.
    pub fn all(deals: &[FinishedDeal]) -> Vec<DealLine> {
        let mut before: Option<&Vec<i32>> = None;
        deals
            .iter()
            .map(|d| {
                let score = match &d.match_scores {
                    Some(after) => {
                        let prev = |i: usize| before.map_or(0, |b| b[i]);
                        let change = after.iter().enumerate().map(|(i, s)| s - prev(i)).collect();
                        before = Some(after);
                        change
                    }
                    None => d.summary.score.clone(),
                };
                DealLine {
                    number: d.deal_no,
                    text: d.summary.text.clone(),
                    score,
                }
            })
            .collect()
    }
}

/// The score sheet as lines: every booked deal, then the standing.
pub fn lines(
    seating: &Seating,
    preset: Preset,
    deals: &[DealLine],
    sheet: Option<&AnyMatch>,
) -> Vec<String> {
    let sides = seating.sides();
    let mut out = Vec::new();
    for d in deals {
        // The sides whose score moved: in a match what the deal added (a
        // Sixty-six deal adds to its winner's only); a lone deal's own
        // score, as the browser's sheet shows it (there the loser's minus).
        let change: Vec<String> = sides
            .iter()
            .map(|(name, seat)| (name, d.score[seat.index()]))
            .filter(|&(_, v)| v != 0)
            .map(|(name, v)| format!("{name} {v:+}"))
            .collect();
        let change = match change.is_empty() {
            true => "nobody scores".to_string(),
            false => change.join(", "),
        };
        out.push(format!("deal {}: {change}", d.number));
        out.push(format!("  {}", seating.names_in(&d.text)));
    }
    match sheet {
        Some(m) => out.extend(standing(seating, preset, m)),
        None if deals.is_empty() => {
            out.push("a single deal: no match score (play a match with --match)".into())
        }
        None => {}
    }
    out
}

/// The match standing in the game's terms, and the winner once decided.
pub fn standing(seating: &Seating, preset: Preset, m: &AnyMatch) -> Vec<String> {
    let sides = seating.sides();
    let scores = m.scores();
    let goal = m.target().zip(preset.target_option().map(|(_, unit)| unit));
    // Sixty-six counts down the Austrian way: what each side still needs.
    let to_go = |seat: Seat| match goal {
        Some((t, _)) if preset.family() == Family::SixtySix => {
            format!(" ({} to go)", (t - scores[seat.index()]).max(0))
        }
        _ => String::new(),
    };
    let standing: Vec<String> = sides
        .iter()
        .map(|(name, seat)| format!("{name} {}{}", scores[seat.index()], to_go(*seat)))
        .collect();
    let head = match goal {
        Some((t, unit)) => format!("match to {t} {unit}"),
        None => "match (tricks)".into(),
    };
    let mut out = vec![format!("{head}: {}", standing.join(", "))];
    if let Some(winners) = m.winners() {
        let names: Vec<String> = winners.iter().map(|&s| seating.name(s)).collect();
        let line = match winners.first() {
            Some(w) if seating.partners && w.0 % 2 == seating.human.0 % 2 => {
                "you and your partner won".to_string()
            }
            _ if seating.partners => "the opponents won".to_string(),
            _ if names.len() > 1 => format!("{} share first place", and_list(&names)),
            _ => format!("{} won", names.join("")),
        };
        out.push(format!("the match is over: {line}"));
    }
    out
}

/// Every hand as dealt, named by seat, then the cards dealt aside that a
/// player takes up (a widow, a kitty): shown once the deal is over, from
/// the table's booking of it.
pub fn hands(seating: &Seating, deal: &FinishedDeal) -> Vec<String> {
    let mut rows: Vec<(String, CardSet)> = (0..seating.seats)
        .zip(&deal.hands)
        .map(|(s, &hand)| (seating.name(Seat(s)), hand))
        .collect();
    let taken_up = deal
        .undealt
        .iter()
        .filter(|(name, _)| matches!(*name, "widow" | "kitty"));
    rows.extend(taken_up.map(|(name, cards)| (name.to_string(), cards.iter().copied().collect())));
    aligned(&rows)
}

/// Hands in columns, one a suit, so the eye runs down a suit ("-": void).
fn aligned(rows: &[(String, CardSet)]) -> Vec<String> {
    let width = |s: &str| s.chars().count();
    let name_width = rows.iter().map(|(n, _)| width(n) + 1).max().unwrap_or(0);
    let suits: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|&suit| rows.iter().any(|(_, set)| !set.suit(suit).is_empty()))
        .collect();
    let groups: Vec<Vec<String>> = rows
        .iter()
        .map(|(_, set)| {
            suits
                .iter()
                .map(|&suit| match suit_group(*set, suit) {
                    g if g.is_empty() => "-".to_string(),
                    g => g,
                })
                .collect()
        })
        .collect();
    let column: Vec<usize> = (0..suits.len())
        .map(|i| groups.iter().map(|g| width(&g[i])).max().unwrap_or(0))
        .collect();
    let lines: Vec<String> = rows
        .iter()
        .zip(&groups)
        .map(|((name, set), groups)| {
            let mut line = format!("{:<name_width$}", format!("{name}:"));
            for (g, w) in groups.iter().zip(&column) {
                line.push_str(&format!("  {g:<w$}"));
            }
            if set.contains(Card::JOKER) {
                line.push_str(&format!("  {}", pretty(Card::JOKER)));
            }
            line.trim_end().to_string()
        })
        .collect();
    // Long suits in several hands make columns too wide for a terminal:
    // then each hand on its own, as it reads best.
    if lines.iter().all(|l| width(l) <= ALIGNED_MAX) {
        return lines;
    }
    rows.iter()
        .map(|(name, set)| format!("{:<name_width$}  {}", format!("{name}:"), pretty_hand(*set)))
        .collect()
}

/// The widest aligned line that still fits 80 columns inside a frame.
const ALIGNED_MAX: usize = 76;

#[cfg(test)]
mod tests {
    use super::*;
    use talon_cards::parse_cards;
    use talon_table::{run_bots, SeatBots, Table, TableConfig};

    fn set(cards: &str) -> CardSet {
        parse_cards(cards).unwrap().into_iter().collect()
    }

    /// The deals a table of random bots books, to `deals` of a match or
    /// one lone deal.
    fn booked(preset: Preset, whole_match: bool, deals: usize) -> Vec<FinishedDeal> {
        let names = ["random".to_string()];
        let config = TableConfig::bots(preset, &[], &names, whole_match, 2).unwrap();
        let mut table = Table::new(config).unwrap();
        let mut bots = SeatBots::for_table(&table).unwrap();
        let mut done = Vec::new();
        run_bots(&mut table, &mut bots, |_, _, t| {
            if done.len() < t.finished_deals().len() && done.len() < deals {
                done.push(t.finished_deals().last().unwrap().clone());
            }
        })
        .unwrap();
        done
    }

    /// Each suit starts in the same column on every line; a void is "-".
    #[test]
    fn hands_as_dealt_line_up_by_suit() {
        let rows = vec![
            ("you".to_string(), set("KC QD 9D 5D AH")),
            ("partner (expert)".to_string(), set("JC 9C 7C 3D JH")),
            ("kitty".to_string(), set("QC 6H")),
        ];
        let lines = aligned(&rows);
        let column = |l: &str, suit: char| l.chars().position(|c| c == suit);
        for suit in ['♣', '♥'] {
            let at: Vec<_> = lines.iter().map(|l| column(l, suit)).collect();
            assert!(at.windows(2).all(|w| w[0] == w[1]), "{suit}: {lines:#?}");
        }
        assert!(
            lines[2].contains(" - "),
            "the kitty's void diamonds: {lines:#?}"
        );
        // Too wide for a terminal: every hand on its own line, unaligned.
        let long = vec![
            ("a".to_string(), set("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C")),
            ("b".to_string(), set("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D")),
            ("c".to_string(), set("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")),
        ];
        assert!(aligned(&long).iter().all(|l| !l.contains(" - ")));
    }

    #[test]
    fn seats_are_named_from_the_person() {
        let bots = vec!["expert".to_string(); 4];
        let s = Seating::new(Preset::Pedro, 4, Seat(0), bots.clone());
        assert_eq!(s.name(Seat(0)), "you");
        assert_eq!(s.name(Seat(1)), "expert (left)");
        assert_eq!(s.name(Seat(2)), "partner (expert)");
        assert_eq!(s.name(Seat(3)), "expert (right)");
        let s = Seating::new(Preset::SixtySix, 2, Seat(1), bots);
        assert_eq!(
            s.names_in("seat 0 declared; seat 1 lost"),
            "expert declared; you lost"
        );
    }

    #[test]
    fn verbs_after_you_agree_and_sides_are_named() {
        let bots = vec!["expert".to_string(); 4];
        let two = Seating::new(Preset::Schnapsen, 2, Seat(0), bots.clone());
        assert_eq!(
            two.names_in("seat 1 closed and failed: seat 0 wins 3 game points"),
            "expert closed and failed: you win 3 game points"
        );
        assert_eq!(two.names_in("seat 0 takes it"), "you take it");
        let four = Seating::new(Preset::SixtyThree, 4, Seat(0), bots.clone());
        assert_eq!(
            four.names_in("seat 0 bid 45 and was set: points 20 to 43"),
            "you bid 45 and were set: points 20 to 43"
        );
        assert_eq!(
            four.names_in("seat 0 was forced at 25 and was set"),
            "you were forced at 25 and were set"
        );
        // Someone else's set stays "was".
        assert_eq!(
            four.names_in("seat 1 bid 45 and was set"),
            "expert (left) bid 45 and was set"
        );
        let na = Seating::new(Preset::NaSixtySix, 4, Seat(1), bots);
        assert_eq!(
            na.names_in(
                "side 0 (seats 0 and 2) 40 points, -2; side 1 (seats 1 and 3) 92 points, +2"
            ),
            "opponents 40 points, -2; your side 92 points, +2"
        );
    }

    #[test]
    fn a_shared_first_place_names_everyone_in_it() {
        let bots = vec!["expert".to_string(); 4];
        let seating = Seating::new(Preset::SixesAndSevens, 4, Seat(0), bots);
        let mut m = AnyMatch::new(Preset::SixesAndSevens, &[], 1).unwrap();
        let AnyMatch::Sevens { sheet, .. } = &mut m else {
            panic!("a Sixes and Sevens sheet")
        };
        sheet.totals = vec![5, 3, 5, 0];
        sheet.deals_played = 4;
        let lines = standing(&seating, Preset::SixesAndSevens, &m);
        assert_eq!(
            lines.last().unwrap(),
            "the match is over: you and expert (across) share first place"
        );
    }

    #[test]
    fn hands_as_dealt_include_the_kitty_or_widow() {
        for (preset, seats, aside) in [
            (Preset::KingPedro, 4, Some("kitty:")),
            (Preset::EightyThree, 4, Some("kitty:")),
            (Preset::NaSixtySix3, 3, Some("widow:")),
            (Preset::SixtyThree, 4, None),
            (Preset::SixtySix, 2, None),
        ] {
            let deal = &booked(preset, false, 1)[0];
            let seating = Seating::new(preset, seats, Seat(0), vec!["expert".into(); 4]);
            let lines = hands(&seating, deal);
            assert_eq!(
                lines.len(),
                seats as usize + usize::from(aside.is_some()),
                "{preset}"
            );
            assert!(lines[0].starts_with("you:"), "{preset}: {lines:?}");
            if let Some(aside) = aside {
                assert!(
                    lines.last().unwrap().starts_with(aside),
                    "{preset}: {lines:?}"
                );
            }
        }
    }

    /// A lone deal books its own score, as the browser's sheet does: the
    /// winner's plus and, in Sixty-six, the loser's minus.
    #[test]
    fn a_lone_deal_books_its_own_score() {
        let bots = vec!["expert".to_string(); 2];
        let seating = Seating::new(Preset::Schnapsen, 2, Seat(0), bots);
        let deal = booked(Preset::Schnapsen, false, 1);
        let lines = lines(&seating, Preset::Schnapsen, &DealLine::all(&deal), None);
        let score = &deal[0].summary.score;
        let want = format!("deal 1: you {:+}, expert {:+}", score[0], score[1]);
        assert_eq!(lines[0], want);
    }

    /// A match's sheet books what each deal added to the match score, as
    /// the table booked it: in Sixty-six the winner's game points only.
    #[test]
    fn a_match_sheet_shows_what_each_deal_added() {
        let bots = vec!["expert".to_string(); 2];
        let seating = Seating::new(Preset::Schnapsen, 2, Seat(0), bots);
        let deals = booked(Preset::Schnapsen, true, 4);
        let lines = lines(&seating, Preset::Schnapsen, &DealLine::all(&deals), None);
        let mut total = [0, 0];
        for (d, line) in deals.iter().zip(lines.iter().step_by(2)) {
            let gained: Vec<i32> = (0..2).map(|s| d.summary.score[s].max(0)).collect();
            let who = if gained[0] > 0 { "you" } else { "expert" };
            let points = gained[0].max(gained[1]);
            assert_eq!(*line, format!("deal {}: {who} +{points}", d.deal_no));
            total[0] += gained[0];
            total[1] += gained[1];
            assert_eq!(d.match_scores.as_deref(), Some(&total[..]));
        }
    }
}
