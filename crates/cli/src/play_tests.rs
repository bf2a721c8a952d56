//! What `talon play` tells the person: never a card hidden from their seat.

use super::{PlayArgs, PlaySession};
use crate::text::{narrate, pretty};
use talon_cards::{Card, CardSet, Seat};
use talon_rules::{AnyGame, Preset, Setup};
use talon_table::SeatSpec;

fn args(preset: &str, seed: u64) -> PlayArgs {
    PlayArgs {
        preset: preset.into(),
        seat: 0,
        bots: "random".into(),
        seed: Some(seed),
        options: Vec::new(),
        deal: None,
        whole_match: false,
        plain: true,
        record: None,
    }
}

/// The cards of `hidden` that `line` names, in notation or drawn.
fn named(line: &str, hidden: CardSet) -> Vec<Card> {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || "(),:;".contains(c))
        .collect();
    hidden
        .iter()
        .filter(|&c| {
            let (text, drawn) = (c.to_string(), pretty(c));
            words.iter().any(|w| *w == text || *w == drawn)
        })
        .collect()
}

/// Random bots lay cards away face down in these presets (a robbing
/// dealer, the kitty, "four more", the widow's lay-away); the person at
/// seat 0 makes the first legal move each time. Every line the log gains
/// is checked against the cards hidden from the person right then.
#[test]
fn the_log_never_names_a_card_hidden_from_the_person() {
    let mut hidden_moves = 0;
    for preset in [
        "sixty-three",
        "king-pedro",
        "eighty-three",
        "na-sixty-six-3",
    ] {
        for seed in 0..12 {
            let mut s = PlaySession::new(&args(preset, seed)).expect("a session");
            let mut seen = 0;
            for _ in 0..200 {
                let hidden = s.game().hidden_from(s.human);
                for line in &s.log[seen..] {
                    if line.starts_with("hands as dealt") {
                        break; // the deal is over: every hand is shown
                    }
                    let leak = named(line, hidden);
                    assert!(
                        leak.is_empty(),
                        "{preset} seed {seed}: {line:?} names {leak:?}"
                    );
                    hidden_moves += usize::from(line.contains("lays a card away face down"));
                }
                seen = s.log.len();
                if s.game().summary().is_some() {
                    break;
                }
                let Some(first) = s.moves().first().cloned() else {
                    break;
                };
                s.human_move(&first).expect("a legal move");
            }
        }
    }
    assert!(hidden_moves > 0, "no bot laid a card away face down");
}

/// In three-hand North American Sixty-six the widow's points go to the
/// first trick's winner unseen: the trick line counts what the person can.
#[test]
fn trick_points_are_the_persons_count() {
    let preset = Preset::from_name("na-sixty-six-3").expect("a preset");
    let mut differed = 0;
    for seed in 0..40 {
        let mut g = AnyGame::new(preset, &[], &Setup::Seed(seed)).expect("a deal");
        while g.tricks_played() == 0 && g.summary().is_none() {
            let before = g.clone();
            let seat = g.to_move().expect("someone to move");
            // The first in byte order: a bid, where the listing starts with a pass.
            let mut legal = g.legal_actions();
            legal.sort();
            let action = legal[0].clone();
            g.play(&action).expect("legal");
            if g.tricks_played() == 0 {
                continue;
            }
            for v in 0..3 {
                let viewer = Seat(v);
                let (b, a) = (before.observe(viewer).unwrap(), g.observe(viewer).unwrap());
                let lines = narrate(preset, &b, &a, seat, Some(&action), None);
                let counted = g.observe(viewer).expect("a seat").points();
                let text: Vec<String> = counted.iter().map(|p| p.to_string()).collect();
                let want = format!("points {}", text.join("–"));
                assert!(lines[1].ends_with(&want), "{lines:?} should end in {want}");
                let all = narrate(preset, &before, &g, seat, Some(&action), None);
                differed += usize::from(all[1] != lines[1]);
            }
        }
    }
    assert!(
        differed > 0,
        "the widow's points never showed in the full count"
    );
}

/// `--bots` lists the bots of the other seats, in seat order.
#[test]
fn bots_are_named_for_the_other_seats() {
    let mut a = args("schnapsen", 1);
    a.bots = "heuristic,random".into();
    assert!(PlaySession::new(&a).is_err(), "two bots for one other seat");
    a.bots = "heuristic".into();
    a.seat = 1;
    let s = PlaySession::new(&a).expect("a session");
    assert_eq!(
        s.table.seat(0),
        Some(&SeatSpec::Bot {
            level: "heuristic".into()
        })
    );
    let mut a = args("sixty-three", 1);
    a.seat = 2;
    a.bots = "random,heuristic".into();
    let s = PlaySession::new(&a).expect("a session");
    let level = |i: u8| match s.table.seat(i) {
        Some(SeatSpec::Bot { level }) => level.clone(),
        other => panic!("seat {i}: {other:?}"),
    };
    assert_eq!(
        [level(0), level(1), level(3)],
        ["random", "heuristic", "random"]
    );
}

#[test]
fn checking_a_record_path_leaves_no_file_behind() {
    let dir = std::env::temp_dir().join(format!("talon-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fresh = dir.join("new.json");
    super::check_writable(&fresh).unwrap();
    assert!(
        !fresh.exists(),
        "a game killed now would leave an empty record"
    );
    let kept = dir.join("old.json");
    std::fs::write(&kept, "earlier").unwrap();
    super::check_writable(&kept).unwrap();
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "earlier");
    assert!(super::check_writable(&dir.join("no/such/dir.json")).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// King Pedro: the table says how many cards are still to go in the
/// reduction, names the kitty, and shows the last trick once there is one.
#[test]
fn the_pedro_table_counts_the_reduction_and_shows_the_last_trick() {
    let mut s = super::PlaySession::new(&args("king-pedro", 6)).unwrap();
    let (mut counted, mut kitty, mut last) = (false, false, false);
    for _ in 0..200 {
        if s.game().summary().is_some() {
            break;
        }
        let view = s.view();
        counted |= view.contains("more card") && view.contains("down to 6");
        kitty |= view.contains("you took the kitty");
        last |= view.contains("last trick:");
        // The highest bid, so that seat 0 takes the kitty and reduces.
        let moves = s.moves();
        let m = moves
            .iter()
            .rev()
            .find(|m| m.starts_with("bid"))
            .unwrap_or(&moves[0])
            .clone();
        s.human_move(&m).unwrap();
    }
    assert!(counted && kitty && last, "{counted} {kitty} {last}");
}

/// The help names what this preset has: 83's double bid and the joker, and
/// neither in a game without them.
#[test]
fn the_pedro_help_is_the_presets_own() {
    let help = |preset: &str| {
        super::PlaySession::new(&args(preset, 1))
            .unwrap()
            .help(true)
            .join("\n")
    };
    let eighty_three = help("eighty-three");
    assert!(eighty_three.contains("bid 30, bid double") && eighty_three.contains("JK"));
    let inverness = help("sixty-three-inverness");
    assert!(
        !inverness.contains("double") && !inverness.contains("JK"),
        "{inverness}"
    );
}

#[test]
fn moves_are_logged_in_words_with_the_notation_to_learn() {
    use crate::text::in_words;
    assert_eq!(in_words("QS"), "Q♠");
    assert_eq!(in_words("play 5H"), "5♥");
    assert_eq!(in_words("MH"), "shows the marriage in hearts (MH)");
    assert_eq!(in_words("KH+"), "leads K♥, announcing the marriage (KH+)");
    assert_eq!(in_words("trump D"), "names diamonds trumps (trump D)");
    assert_eq!(in_words("bid 45"), "bids 45");
    assert_eq!(in_words("discard 9C"), "discards 9♣");
    assert_eq!(in_words("close"), "closes the talon (close)");
    assert_eq!(in_words("ace odd"), "calls its Ace odd (ace odd)");
    assert_eq!(in_words("something new"), "something new");
}

#[test]
fn an_undone_move_leaves_the_log() {
    let mut s = super::PlaySession::new(&args("schnapsen", 5)).unwrap();
    let before = s.log.clone();
    let m = s.moves()[0].clone();
    s.human_move(&m).unwrap();
    assert!(
        s.log.len() > before.len() + 1,
        "the move and a reply: {:?}",
        s.log
    );
    s.undo().unwrap();
    let mut want = before;
    want.push("undone".to_string());
    assert_eq!(s.log, want);
}

/// The full screen leaves the outcome, the seed and the record's place
/// behind when it closes.
#[test]
fn closing_the_screen_leaves_the_outcome_and_the_seed() {
    let mut s = super::PlaySession::new(&args("schnapsen", 5)).unwrap();
    let path = std::path::Path::new("deal.json");
    let left = s.closing_lines(Some(path));
    assert_eq!(
        left,
        [
            "schnapsen: the deal was left unfinished",
            "seed 5: talon play schnapsen --seed 5 --bots random deals it again",
            "record: deal.json (talon resume deal.json plays on from here)",
        ]
    );
    while s.game().to_move() == Some(s.human) {
        let m = s.moves()[0].clone();
        s.human_move(&m).unwrap();
    }
    assert_eq!(s.closing_lines(Some(path))[2], "record: deal.json");
    let done = s.closing_lines(None);
    assert_eq!(done.len(), 2);
    assert!(
        done[0].starts_with("schnapsen: ") && !done[0].contains("unfinished"),
        "{done:?}"
    );
    assert!(
        !done[0].contains("seat 0"),
        "names, not seat numbers: {done:?}"
    );
    let mut m = args("schnapsen", 5);
    m.whole_match = true;
    let s = super::PlaySession::new(&m).unwrap();
    assert_eq!(
        s.closing_lines(None)[0],
        "schnapsen: match score 0 : 0; the match was left unfinished"
    );
}

/// Splits a line as a shell would, for the words `again` writes: plain
/// words and double-quoted ones with backslash escapes.
fn shell_split(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ' ' {
            chars.next();
            continue;
        }
        let mut word = String::new();
        while let Some(c) = chars.next() {
            match c {
                ' ' => break,
                '"' => {
                    while let Some(c) = chars.next() {
                        match c {
                            '"' => break,
                            '\\' => word.extend(chars.next()),
                            c => word.push(c),
                        }
                    }
                }
                c => word.push(c),
            }
        }
        words.push(word);
    }
    words
}

/// A word `again` writes survives the shell: plain words as they are,
/// others in double quotes with the shell's special characters escaped.
#[test]
fn again_quotes_what_the_shell_would_split_or_expand() {
    use super::shell_word;
    assert_eq!(shell_word("players=5"), "players=5");
    assert_eq!(shell_word("heuristic,random"), "heuristic,random");
    assert_eq!(shell_word("1/AS KS/QS"), "\"1/AS KS/QS\"");
    assert_eq!(shell_word("a\"$b\\`c"), "\"a\\\"\\$b\\\\\\`c\"");
    assert_eq!(shell_split(&shell_word("a\"$b\\`c d")), ["a\"$b\\`c d"]);
    assert_eq!(shell_word(""), "\"\"");
}

/// The line left after a game, pasted back, sets up the same table: the
/// seed alone dealt four hands where `--option players=5` asked for five,
/// and dropped the seat, the bots and the match.
#[test]
fn the_flags_left_behind_deal_the_same_table_again() {
    use clap::Parser;
    #[derive(Parser)]
    struct Again {
        #[command(flatten)]
        play: PlayArgs,
    }
    let deal = "1/QC QD KH AH AS/TC TD TH JS KS/JC JD AD QS KD QH TS JH KC/AC";
    let cases = [
        PlayArgs {
            options: vec!["players=5".into()],
            seat: 2,
            bots: "heuristic,random".into(),
            whole_match: true,
            ..args("sixes-and-sevens", 3)
        },
        PlayArgs {
            deal: Some(deal.into()),
            options: vec!["sharp=true".into()],
            ..args("schnapsen", 2)
        },
        PlayArgs {
            bots: "expert".into(),
            ..args("pedro", 9)
        },
    ];
    let expected = [
        "--seed 3 --option players=5 --seat 2 --bots heuristic,random --match",
        &format!("--seed 2 --deal \"{deal}\" --option sharp=true --bots random"),
        "--seed 9",
    ];
    for (first, expected) in cases.iter().zip(expected) {
        let s = PlaySession::new(first).unwrap();
        assert_eq!(s.again(), expected);
        let words = ["talon", first.preset.as_str()]
            .into_iter()
            .map(String::from)
            .chain(shell_split(&s.again()));
        let again = Again::try_parse_from(words).unwrap().play;
        let t = PlaySession::new(&again).unwrap();
        assert_eq!(t.game().deal_text(), s.game().deal_text(), "{expected}");
        assert_eq!(t.human, s.human);
        assert_eq!(t.seating.bots, s.seating.bots, "{expected}");
        assert_eq!(t.sheet().is_some(), s.sheet().is_some(), "{expected}");
        assert_eq!(t.table.options(), s.table.options(), "{expected}");
    }
}

/// Typed moves that mean a move the list writes otherwise: a bare card
/// where only `discard` takes it, a signed or huge number in an auction,
/// and a slip of the keys.
#[test]
fn typed_moves_are_read_as_the_person_means_them() {
    let mut s = PlaySession::new(&args("king-pedro", 9)).unwrap();
    assert!(s.bidding());
    for number in ["-5", "+99", "99999999999999999999999"] {
        let e = s.resolve(number).unwrap_err();
        assert!(e.contains("is not a bid you can make now"), "{number}: {e}");
    }
    let lowest = s
        .moves()
        .into_iter()
        .find(|m| m.starts_with("bid "))
        .unwrap();
    let plus = format!("+{}", lowest.trim_start_matches("bid "));
    assert_eq!(s.resolve(&plus).unwrap(), lowest);
    let e = s.resolve("pas").unwrap_err();
    assert!(e.starts_with("did you mean pass?"), "{e}");
    // On to the discards: the person plays the first move each time.
    let mut checked = false;
    for _ in 0..40 {
        if s.game().summary().is_some() {
            break;
        }
        let moves = s.moves();
        if let Some(discard) = moves.iter().find(|m| m.starts_with("discard ")) {
            let card = discard.trim_start_matches("discard ");
            assert_eq!(s.resolve(card).unwrap(), *discard);
            checked = true;
            break;
        }
        s.human_move(&moves[0]).unwrap();
    }
    assert!(checked, "no discard came to the person");
}

/// A bare card is a discard where only a discard takes it; a give (which
/// may fold the hand) is never made unasked.
#[test]
fn a_bare_card_is_a_discard_never_a_give() {
    let moves = |list: &[&str]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let read =
        |card: &str, list: &[&str]| PlaySession::card_for_its_move(card.into(), &moves(list));
    assert_eq!(
        read("KC", &["discard KC", "discard 9H"]).unwrap(),
        "discard KC"
    );
    assert_eq!(read("KC", &["KC", "discard KC"]).unwrap(), "KC");
    let e = read("5H", &["give 5H", "discard 9C"]).unwrap_err();
    assert!(e.contains("type give 5H"), "{e}");
    let e = read("7H", &["give 7H", "discard 7H"]).unwrap_err();
    assert!(e.contains("discard 7H or give 7H"), "{e}");
    // Neither: the rules say why (the text is passed on as typed).
    assert_eq!(read("2S", &["discard KC"]).unwrap(), "2S");
}
