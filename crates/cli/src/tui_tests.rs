//! The terminal screen's tests: layouts at several sizes and the keys.

use super::*;
use crate::play::PlayArgs;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use talon_rules::Preset;

fn session_args(preset: Preset, seed: u64) -> PlayArgs {
    PlayArgs {
        preset: preset.name().into(),
        seat: 0,
        bots: "random".into(),
        seed: Some(seed),
        options: Vec::new(),
        deal: None,
        whole_match: true,
        plain: true,
        record: None,
    }
}

fn session(preset: Preset, seed: u64) -> PlaySession {
    PlaySession::new(&session_args(preset, seed)).unwrap()
}

/// Plays the person's first legal move until the deal is over.
fn finish_deal(s: &mut PlaySession) {
    while s.game().summary().is_none() {
        let m = s.moves()[0].clone();
        s.human_move(&m).unwrap();
    }
}

fn screen(s: &PlaySession, ui: &mut Ui, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, s, ui)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

#[test]
fn every_preset_fits_80_by_24_whole() {
    for preset in Preset::ALL {
        for seed in 0..6 {
            let mut s = session(preset, seed);
            // Also a later point of the deal: a few moves in.
            for step in 0..2 {
                if s.game().summary().is_some() {
                    break; // the end of a deal has its own test
                }
                let rows = screen(&s, &mut Ui::default(), 80, 24).join("\n");
                let view = s.view();
                // The whole table is on screen, in order (wrapped at
                // spaces at most): nothing cut off at the edge or bottom.
                let words = |t: &str| -> Vec<String> {
                    t.split(|c: char| c.is_whitespace() || "│┌┐└┘─".contains(c))
                        .filter(|w| !w.is_empty())
                        .map(String::from)
                        .collect()
                };
                let shown = words(&rows);
                let table = words(&view);
                assert!(
                    shown.windows(table.len()).any(|w| w == table.as_slice()),
                    "{preset}: the table is cut off:\n{view}\n{rows}"
                );
                // Every move whole, on one line (the longest lists too:
                // 83's bids from 30 to 83 and double).
                for m in s.moves() {
                    assert!(
                        rows.contains(&format!(" {m} ")),
                        "{preset}: move {m} not shown whole:\n{rows}"
                    );
                }
                assert!(rows.contains("seed"), "{rows}");
                if step == 0 {
                    if let Some(m) = s.moves().first().cloned() {
                        s.human_move(&m).unwrap();
                    }
                }
            }
        }
    }
}

#[test]
fn the_end_of_a_deal_shows_every_hand() {
    let mut s = session(Preset::NaSixtySix, 2);
    finish_deal(&mut s);
    let rows = screen(&s, &mut Ui::default(), 80, 24).join("\n");
    assert!(
        rows.contains("DEAL OVER") && rows.contains("hands as dealt"),
        "{rows}"
    );
    for name in [
        "you:",
        "random (left):",
        "partner (random):",
        "random (right):",
    ] {
        assert!(rows.contains(name), "{name}:\n{rows}");
    }
}

#[test]
fn small_screens_degrade_and_tiny_ones_say_so() {
    let s = session(Preset::NaSixtySix, 1);
    let rows = screen(&s, &mut Ui::default(), 60, 16).join("\n");
    assert!(rows.contains("your moves"), "{rows}");
    let rows = screen(&s, &mut Ui::default(), 30, 10).join("\n");
    assert!(rows.contains("needs at least"), "{rows}");
}

#[test]
fn enter_plays_nothing_until_a_move_is_chosen() {
    let mut s = session(Preset::Pedro, 3);
    let before = s.actions().len();
    assert!(key(&mut s, &mut Ui::default(), KeyCode::Enter));
    let mut ui = Ui::default();
    key(&mut s, &mut ui, KeyCode::Enter);
    assert_eq!(s.actions().len(), before, "Enter alone played a move");
    assert!(ui.message.contains("choose a move"));
    // Choosing a bid asks first and says what it does; n declines.
    key(&mut s, &mut ui, KeyCode::Right);
    key(&mut s, &mut ui, KeyCode::Right);
    key(&mut s, &mut ui, KeyCode::Enter);
    let (action, what) = ui.confirm.clone().expect("a bid is confirmed first");
    assert!(
        action.starts_with("bid") && what.contains("at least"),
        "{action}: {what}"
    );
    key(&mut s, &mut ui, KeyCode::Char('n'));
    assert_eq!(s.actions().len(), before);
    // Esc clears the message.
    key(&mut s, &mut ui, KeyCode::Esc);
    assert!(ui.message.is_empty());
}

#[test]
fn ctrl_c_asks_to_quit_and_other_ctrl_keys_do_nothing() {
    let mut s = session(Preset::SixtySix, 4);
    let first = s.moves()[0].clone();
    s.human_move(&first).unwrap();
    let played = s.actions().len();
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    let mut ui = Ui::default();
    // Ctrl-U is not `u` (undo), Ctrl-H not a hint: nothing happens.
    assert!(key_event(&mut s, &mut ui, ctrl('u')));
    assert!(key_event(&mut s, &mut ui, ctrl('h')));
    assert_eq!(s.actions().len(), played, "a Ctrl key undid a move");
    assert!(ui.typed.is_empty() && ui.message.is_empty());
    // Ctrl-C asks; n stays; Ctrl-C twice quits.
    assert!(key_event(&mut s, &mut ui, ctrl('c')));
    assert!(ui.quitting);
    assert!(key(&mut s, &mut ui, KeyCode::Char('n')));
    assert!(key_event(&mut s, &mut ui, ctrl('c')));
    assert!(!key_event(&mut s, &mut ui, ctrl('c')));
}

#[test]
fn a_queen_typed_in_lower_case_is_a_queen_not_quitting() {
    let mut s = session(Preset::SixtySix, 4);
    let mut ui = Ui::default();
    assert!(key(&mut s, &mut ui, KeyCode::Char('q')));
    assert!(ui.quitting, "q alone asks to quit");
    assert!(key(&mut s, &mut ui, KeyCode::Char('s')));
    assert!(!ui.quitting);
    assert_eq!(ui.typed, "QS");
    // q then y still quits.
    key(&mut s, &mut ui, KeyCode::Esc);
    assert!(key(&mut s, &mut ui, KeyCode::Char('q')));
    assert!(!key(&mut s, &mut ui, KeyCode::Char('y')));
}

#[test]
fn cards_typed_with_suit_symbols_play() {
    let mut s = session(Preset::SixtySix, 4);
    let first = s.moves()[0].clone();
    let symbol = first
        .replace('S', "♠")
        .replace('H', "♥")
        .replace('D', "♦")
        .replace('C', "♣");
    let mut ui = Ui::default();
    for c in symbol.chars() {
        key(&mut s, &mut ui, KeyCode::Char(c));
    }
    key(&mut s, &mut ui, KeyCode::Enter);
    assert_eq!(s.actions().first(), Some(&first), "{}", ui.message);
}

#[test]
fn a_long_move_list_scrolls_to_the_chosen_move() {
    let mut s = session(Preset::EightyThree, 4);
    let mut ui = Ui::default();
    let rows = screen(&s, &mut ui, 60, 16).join("\n");
    assert!(rows.contains("of ") && rows.contains(" pass "), "{rows}");
    // ← from nothing chosen picks the last move, which must come into view.
    key(&mut s, &mut ui, KeyCode::Left);
    let last = s.moves().last().cloned().unwrap();
    let rows = screen(&s, &mut ui, 60, 16).join("\n");
    assert!(rows.contains(&format!(" {last} ")), "{last}:\n{rows}");
    assert!(!rows.contains(" pass "), "{rows}");
}

#[test]
fn the_sheet_opens_at_its_end_and_scrolls() {
    let mut s = session(Preset::NaSixtySix3, 2);
    // Play deals until the sheet is longer than a small screen.
    while s.sheet_lines().len() < 20 {
        finish_deal(&mut s);
        if !s.next_deal() {
            break;
        }
    }
    let sheet = s.sheet_lines();
    assert!(sheet.len() >= 14, "{sheet:?}");
    let mut ui = Ui::default();
    key(&mut s, &mut ui, KeyCode::Char('s'));
    let rows = screen(&s, &mut ui, 80, 14).join("\n");
    let last = sheet.last().unwrap();
    assert!(
        rows.contains(last.trim()),
        "the end is shown: {last}\n{rows}"
    );
    assert!(rows.contains("scroll"), "{rows}");
    // Home shows the first deal; a key other than a scroll key goes back.
    key(&mut s, &mut ui, KeyCode::Home);
    let rows = screen(&s, &mut ui, 80, 14).join("\n");
    assert!(
        rows.contains(sheet[0].trim()) && !rows.contains(last.trim()),
        "{rows}"
    );
    key(&mut s, &mut ui, KeyCode::Down);
    assert!(ui.overlay.is_some());
    key(&mut s, &mut ui, KeyCode::Char('x'));
    assert!(ui.overlay.is_none());
}

#[test]
fn a_screen_too_small_takes_only_q_and_shows_its_question() {
    let mut s = session(Preset::SixtySix, 4);
    let mut ui = Ui::default();
    screen(&s, &mut ui, 30, 10);
    assert!(ui.too_small);
    // → and Enter would play a move nobody can see: ignored.
    key(&mut s, &mut ui, KeyCode::Right);
    key(&mut s, &mut ui, KeyCode::Enter);
    assert!(s.actions().is_empty() && ui.selected.is_none());
    // Typing and the help are unseen too; q asks even after typing.
    key(&mut s, &mut ui, KeyCode::Char('?'));
    assert!(ui.overlay.is_none() && ui.typed.is_empty());
    key(&mut s, &mut ui, KeyCode::Char('q'));
    let rows = screen(&s, &mut ui, 30, 10).join("\n");
    assert!(rows.contains("quit the game? it is not kept"), "{rows}");
    assert!(!key(&mut s, &mut ui, KeyCode::Char('y')));
}

#[test]
fn quitting_a_recorded_game_says_how_to_take_it_up_again() {
    let mut s = session(Preset::SixtySix, 4);
    let last = crate::signals::LastRecord::default();
    s.record_on_signal("my game.json".into(), last);
    let mut ui = Ui::default();
    key(&mut s, &mut ui, KeyCode::Char('q'));
    let rows = screen(&s, &mut ui, 80, 24).join("\n");
    assert!(
        rows.contains("quit? talon resume \"my game.json\" plays on later · y/n"),
        "{rows}"
    );
}

#[test]
fn a_finished_game_offers_no_resume_when_quitting() {
    let mut s = PlaySession::new(&PlayArgs {
        whole_match: false,
        ..session_args(Preset::Schnapsen, 4)
    })
    .unwrap();
    s.record_on_signal("-g.json".into(), crate::signals::LastRecord::default());
    let mut ui = Ui::default();
    let ctrl_c = |s: &mut PlaySession, ui: &mut Ui| {
        key_event(
            s,
            ui,
            KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
        );
        screen(s, ui, 80, 24).join("\n")
    };
    let rows = ctrl_c(&mut s, &mut ui);
    // A path that would read as a flag is written as one that cannot.
    assert!(
        rows.contains("talon resume ./-g.json plays on later"),
        "{rows}"
    );
    key(&mut s, &mut ui, KeyCode::Char('n'));
    finish_deal(&mut s);
    let rows = ctrl_c(&mut s, &mut ui);
    assert!(
        rows.contains("quit? y/n") && !rows.contains("resume"),
        "{rows}"
    );
}

#[test]
fn the_log_keeps_the_last_moves_when_a_deal_ends() {
    let mut s = session(Preset::SixtySix, 11);
    finish_deal(&mut s);
    // The booking (hands, sheet) is in the table, not again in the log.
    assert!(s.log.iter().any(|l| l == "hands as dealt:"));
    assert!(!s.play_log().iter().any(|l| l == "hands as dealt:"));
    let last = s.play_log().last().unwrap().clone();
    let rows = screen(&s, &mut Ui::default(), 80, 40).join("\n");
    // A long line wraps: its start and its end are both on screen.
    let last: Vec<char> = last.trim().chars().collect();
    let (start, end): (String, String) = (
        last[..last.len().min(40)].iter().collect(),
        last[last.len().saturating_sub(8)..].iter().collect(),
    );
    assert!(
        rows.contains(&start) && rows.contains(&end),
        "{start}…{end}\n{rows}"
    );
}

#[test]
fn a_bare_number_is_not_taken_for_a_move() {
    let mut s = session(Preset::SixtySix, 4);
    let mut ui = Ui::default();
    key(&mut s, &mut ui, KeyCode::Char('2'));
    key(&mut s, &mut ui, KeyCode::Enter);
    assert!(s.actions().is_empty(), "2 played the second move");
    assert!(ui.message.contains("2 is not a move"), "{}", ui.message);
}

#[test]
fn the_end_of_a_deal_says_its_result_once() {
    let mut s = session(Preset::EightyThree, 2);
    finish_deal(&mut s);
    let text = s.seating.names_in(&s.game().summary().unwrap().text);
    let rows = screen(&s, &mut Ui::default(), 100, 40).join("\n");
    // In the table box (the play log below has its own result line).
    let table = rows.split("your moves").next().unwrap();
    let key_words: String = text.chars().take(20).collect();
    assert_eq!(table.matches(key_words.as_str()).count(), 1, "{rows}");
    assert!(table.contains("match to 250 points"), "{rows}");
}

#[test]
fn a_hint_is_selected_so_enter_plays_it() {
    let mut s = session(Preset::Schnapsen, 5);
    let mut ui = Ui::default();
    let before = s.actions().len();
    key(&mut s, &mut ui, KeyCode::Char('h'));
    assert!(ui.message.starts_with("hint: "), "{}", ui.message);
    let chosen = ui.selected.expect("the hint is selected");
    let hinted = s.moves()[chosen].clone();
    key(&mut s, &mut ui, KeyCode::Enter);
    // A consequential move (closing) asks first; a card plays at once.
    if ui.confirm.is_some() {
        key(&mut s, &mut ui, KeyCode::Char('y'));
    }
    assert_eq!(s.actions().get(before), Some(&hinted));
}

/// In the full screen a person's move is drawn before the bots answer:
/// the prompt that asked for it is gone and the status says the others
/// are playing; once they have, it is the person's turn again.
#[test]
fn the_screen_shows_your_move_before_the_bots_answer() {
    let mut s = session(Preset::SixtyThree, 3);
    s.defer_bots = true;
    let mut ui = Ui::default();
    let bid = s
        .moves()
        .into_iter()
        .find(|m| m.starts_with("bid"))
        .expect("a bid");
    ui.typed = bid;
    key(&mut s, &mut ui, KeyCode::Enter);
    assert!(ui.confirm.is_some(), "a bid is confirmed first");
    key(&mut s, &mut ui, KeyCode::Char('y'));
    assert!(s.bots_to_move(), "the bots have not answered yet");
    ui.bots_due = s.bots_to_move();
    let rows = screen(&s, &mut ui, 100, 30).join("\n");
    assert!(rows.contains("the others are playing"), "{rows}");
    assert!(!rows.contains("y/n"), "{rows}");
    s.run_bots();
    ui.bots_due = false;
    assert!(!s.bots_to_move());
}

/// Once the game is over, q quits without a question: nothing is lost.
#[test]
fn q_quits_at_once_when_the_game_is_over() {
    let mut s = PlaySession::new(&PlayArgs {
        preset: "schnapsen".into(),
        seat: 0,
        bots: "random".into(),
        seed: Some(5),
        options: Vec::new(),
        deal: None,
        whole_match: false,
        plain: true,
        record: None,
    })
    .unwrap();
    let mut ui = Ui::default();
    assert!(key(&mut s, &mut ui, KeyCode::Char('q')), "in play q asks");
    assert!(ui.quitting);
    key(&mut s, &mut ui, KeyCode::Char('n'));
    finish_deal(&mut s);
    assert!(!s.more_deals());
    assert!(!key(&mut s, &mut ui, KeyCode::Char('q')));
}

/// `l` opens the last trick and the whole log at its newest lines; runs
/// of one line (cards laid away face down) are counted, not repeated, and
/// a tall screen gives the log its spare rows.
#[test]
fn the_log_page_has_every_line_and_repeats_are_counted() {
    let mut s = session(Preset::KingPedro, 9);
    for _ in 0..30 {
        if s.game().summary().is_some() {
            break;
        }
        let m = s.moves()[0].clone();
        s.human_move(&m).unwrap();
    }
    let mut ui = Ui::default();
    key(&mut s, &mut ui, KeyCode::Char('l'));
    let page = ui.overlay.clone().expect("the log page");
    assert!(page[0].starts_with("last trick") || page[0].starts_with("no trick"));
    let log = s.play_log();
    assert!(
        log.windows(2).any(|w| w[0] == w[1]),
        "no repeated line to count"
    );
    assert!(
        page.iter().any(|l| l.ends_with(')') && l.contains("(×")),
        "{page:?}"
    );
    assert!(page.len() < log.len() + 3, "repeats are one line each");
    assert_eq!(ui.overlay_scroll, u16::MAX, "opened at the newest lines");
    ui.overlay = None;
    let tall = screen(&s, &mut ui, 100, 60);
    let log_rows = tall.iter().filter(|r| r.starts_with('│')).count();
    let short = screen(&s, &mut ui, 100, 30);
    assert!(log_rows > short.iter().filter(|r| r.starts_with('│')).count());
}

/// At the smallest size the keys line is one row (the rest are in `?`)
/// and the hand's line names trumps, so what you play with stays in view.
#[test]
fn the_smallest_screen_keeps_trumps_and_the_hand_in_view() {
    let mut s = session(Preset::SixtyThree, 11);
    for _ in 0..3 {
        let m = s.moves()[0].clone();
        s.human_move(&m).unwrap();
    }
    let rows = screen(&s, &mut Ui::default(), 40, 14);
    let text = rows.join("\n");
    assert!(
        text.contains("your hand:") && text.contains("(trumps "),
        "{text}"
    );
    assert_eq!(rows[13].trim(), "? help and keys · q quit", "{text}");
}

/// With the bots left to the screen, a deal the person's own move ends is
/// still booked (its hands in the log), as one a bot ends is.
#[test]
fn a_deal_ended_by_your_own_move_is_booked_on_the_full_screen() {
    let mut own_last = 0;
    for seed in 0..12 {
        let mut s = session(Preset::Schnapsen, seed);
        s.defer_bots = true;
        let mut last_by_person = false;
        while s.game().summary().is_none() {
            if s.bots_to_move() {
                s.run_bots();
                last_by_person = false;
                continue;
            }
            let m = s.moves()[0].clone();
            s.human_move(&m).unwrap();
            last_by_person = true;
        }
        own_last += usize::from(last_by_person);
        assert!(
            s.log.iter().any(|l| l == "hands as dealt:"),
            "seed {seed}: the deal was not booked"
        );
    }
    assert!(own_last > 0, "no deal ended on the person's move");
}

/// At the smallest screen the contract and the hand stay in sight; the
/// lines a key brings back (the last trick, the sheet) give way first.
#[test]
fn a_small_screen_keeps_the_contract_and_the_hand() {
    let mut s = session(Preset::SixtyThree, 5);
    for _ in 0..6 {
        let m = s.moves().last().unwrap().clone();
        s.human_move(&m).unwrap();
    }
    let rows = screen(&s, &mut Ui::default(), 40, 14).join("\n");
    assert!(rows.contains("you bid 63 and named ♠"), "{rows}");
    assert!(rows.contains("your hand:"), "{rows}");
    assert!(!rows.contains("last trick:"), "{rows}");
    // A screen with room for it all leaves nothing out.
    let rows = screen(&s, &mut Ui::default(), 80, 24).join("\n");
    assert!(
        rows.contains("last trick:") && rows.contains("tricks won:"),
        "{rows}"
    );
}
