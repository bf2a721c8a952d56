//! The ratatui screen of `talon play`: the table, your moves in a natural
//! order (nothing selected until you choose, so Enter never plays by
//! accident), typed notation (`KS` or `K♠`), a confirmation that says what
//! a consequential move does, `?` help, `s` score sheet, hint, undo and the
//! last trick. It fits 80×24, four-hand tables included; below that the
//! play log goes first, and a screen too small says so.

use crate::play::PlaySession;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};

/// The smallest screen the game is drawn on.
const MIN: (u16, u16) = (40, 14);

/// Screen state besides the game.
#[derive(Default)]
struct Ui {
    /// The highlighted move; none until the person picks one.
    selected: Option<usize>,
    typed: String,
    /// A move waiting for y/n, with what it does.
    confirm: Option<(String, String)>,
    quitting: bool,
    /// The quit prompt came from `q`, which may also start a queen typed
    /// in lower case (`qs`).
    quit_by_q: bool,
    message: String,
    overlay: Option<Vec<String>>,
}

/// Red for hearts and diamonds, as on the cards.
fn action_style(action: &str) -> Style {
    let red = action
        .split_whitespace()
        .last()
        .is_some_and(|w| w.trim_end_matches('+').ends_with(['H', 'D']));
    if red {
        Style::default().fg(Color::Red)
    } else {
        Style::default()
    }
}

/// A line of the table with red hearts and diamonds.
fn coloured(line: &str) -> Line<'static> {
    let spans: Vec<Span> = line
        .split_inclusive(' ')
        .map(|word| {
            if word.contains('♥') || word.contains('♦') {
                Span::styled(word.to_string(), Style::default().fg(Color::Red))
            } else {
                Span::raw(word.to_string())
            }
        })
        .collect();
    Line::from(spans)
}

/// Rows `text` takes when wrapped into `width` columns (word wrap can only
/// add a few; one spare row per line covers it).
fn rows(text: &str, width: u16) -> u16 {
    let w = usize::from(width.max(1));
    text.lines()
        .map(|l| (l.chars().count().max(1)).div_ceil(w) as u16)
        .sum()
}

fn status_line(s: &PlaySession, ui: &Ui) -> String {
    if ui.quitting {
        return "quit the game? y/n".into();
    }
    if let Some((a, what)) = &ui.confirm {
        return format!("{what}. Play {a}? y/n");
    }
    if !ui.typed.is_empty() {
        return format!("typed: {}   (Enter plays it, Esc clears)", ui.typed);
    }
    if !ui.message.is_empty() {
        return format!("{}   (Esc clears)", ui.message);
    }
    if s.game().summary().is_some() {
        return if s.more_deals() {
            "n next deal · s score sheet · q quit".into()
        } else {
            "s score sheet · q quit".into()
        };
    }
    "←/→ choose, Enter plays · type a move · ? help · h hint · u undo · l last trick · s sheet · q quit"
        .into()
}

fn draw(frame: &mut Frame, s: &PlaySession, ui: &Ui) {
    let area = frame.area();
    if area.width < MIN.0 || area.height < MIN.1 {
        let text = format!(
            "talon play needs at least {}×{} (80×24 shows everything); this terminal is {}×{}. \
             Enlarge it, or press q to quit.",
            MIN.0, MIN.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    if let Some(lines) = &ui.overlay {
        let text: Vec<Line> = lines.iter().map(|l| coloured(l)).collect();
        frame.render_widget(
            Paragraph::new(text).wrap(Wrap { trim: false }).block(
                Block::default()
                    .borders(Borders::ALL)
                    .title("press any key to go back"),
            ),
            area,
        );
        return;
    }
    let inner = area.width.saturating_sub(2);
    let moves = s.moves();
    let moves_text: String = moves.iter().map(|a| format!(" {a}  ")).collect();
    let moves_rows = rows(&moves_text, inner).clamp(1, 4);
    let status = status_line(s, ui);
    let status_rows = rows(&status, area.width).clamp(1, 3);
    // Once the deal is over: the result, every hand as dealt, the sheet.
    let view = match s.game().summary() {
        Some(sum) => {
            let mut lines = vec![format!("DEAL OVER: {}", s.seating.names_in(&sum.text))];
            lines.push("hands as dealt:".into());
            lines.extend(crate::sheet::hands(&s.seating, s.game()));
            lines.extend(s.sheet_lines().into_iter().rev().take(2).rev());
            lines.join("\n")
        }
        None => s.view(),
    };
    let table_rows = rows(&view, inner) + 2;
    // The play log gets what is left, and goes first on a small screen.
    let spare = area
        .height
        .saturating_sub(1 + table_rows + moves_rows + 2 + status_rows);
    let log_rows = if spare >= 3 { spare.min(8) } else { 0 };
    let [top, table, moves_area, log, status_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(moves_rows + 2),
        Constraint::Length(log_rows),
        Constraint::Length(status_rows),
    ])
    .areas(area);
    let score = match s.sheet() {
        Some(m) => format!(
            "deal {} of a match",
            m.deals_played() + 1 - u32::from(s.game().summary().is_some())
        ),
        None => "a single deal".to_string(),
    };
    frame.render_widget(
        Paragraph::new(format!(
            "talon {} — {score} — seed {}",
            s.preset.name(),
            s.seed
        ))
        .style(Style::default().add_modifier(Modifier::BOLD)),
        top,
    );
    frame.render_widget(
        Paragraph::new(view.lines().map(coloured).collect::<Vec<_>>())
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title("table")),
        table,
    );
    draw_moves(frame, &moves, ui.selected, moves_area);
    if log_rows > 0 {
        let shown = usize::from(log_rows.saturating_sub(2));
        let start = s.log.len().saturating_sub(shown);
        frame.render_widget(
            Paragraph::new(s.log[start..].join("\n"))
                .block(Block::default().borders(Borders::ALL).title("play")),
            log,
        );
    }
    let style = if ui.confirm.is_some() || ui.quitting {
        Style::default()
            .fg(Color::Yellow)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    };
    frame.render_widget(
        Paragraph::new(status)
            .style(style)
            .wrap(Wrap { trim: true }),
        status_area,
    );
}

fn draw_moves(frame: &mut Frame, moves: &[String], selected: Option<usize>, area: Rect) {
    let spans: Vec<Span> = moves
        .iter()
        .enumerate()
        .flat_map(|(i, a)| {
            let mut style = action_style(a);
            if Some(i) == selected {
                style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            [Span::styled(format!(" {a} "), style), Span::raw("  ")]
        })
        .collect();
    let title = if moves.is_empty() {
        "your moves".to_string()
    } else {
        "your moves (←/→ then Enter, or type one)".to_string()
    };
    frame.render_widget(
        Paragraph::new(Line::from(spans))
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// Plays `action`, first asking when it is consequential.
fn play(s: &mut PlaySession, ui: &mut Ui, action: String, confirmed: bool) {
    let action = match s.resolve(&action) {
        Ok(a) => a,
        Err(e) => {
            ui.message = e;
            return;
        }
    };
    if !confirmed && s.game().clone().play(&action).is_ok() {
        if let Some(what) = s.consequence(&action) {
            ui.confirm = Some((action, what));
            return;
        }
    }
    ui.message = match s.human_move(&action) {
        Ok(()) => String::new(),
        Err(e) => e,
    };
    ui.selected = None;
}

/// Handles one key press with its modifiers; `false` ends the game. In raw
/// mode Ctrl-C arrives as a key, not a signal: it (and Ctrl-D) asks to
/// quit, and other Ctrl keys do nothing (Ctrl-U must not undo a move).
fn key_event(s: &mut PlaySession, ui: &mut Ui, k: KeyEvent) -> bool {
    if k.modifiers.contains(KeyModifiers::CONTROL) {
        if matches!(k.code, KeyCode::Char('c' | 'd')) {
            if ui.quitting {
                return false; // asked twice: quit
            }
            ui.overlay = None;
            ui.quitting = true;
        }
        return true;
    }
    key(s, ui, k.code)
}

/// Handles one key; `false` ends the game.
fn key(s: &mut PlaySession, ui: &mut Ui, code: KeyCode) -> bool {
    if ui.overlay.take().is_some() {
        return true;
    }
    if ui.quitting {
        ui.quitting = false;
        let by_q = std::mem::take(&mut ui.quit_by_q);
        if let (true, KeyCode::Char(c)) = (by_q, code) {
            if "shdcSHDC♠♥♦♣".contains(c) {
                // `q` then a suit: the queen of that suit, being typed.
                ui.typed = format!("Q{}", c.to_ascii_uppercase());
                return true;
            }
        }
        return !matches!(code, KeyCode::Char('y' | 'Y'));
    }
    if let Some((action, _)) = ui.confirm.take() {
        if matches!(code, KeyCode::Char('y' | 'Y')) {
            play(s, ui, action, true);
        } else {
            ui.message = "not played".into();
        }
        return true;
    }
    let count = s.moves().len();
    match code {
        KeyCode::Left if count > 0 => {
            ui.selected = Some(ui.selected.map_or(count - 1, |i| i.saturating_sub(1)))
        }
        KeyCode::Right if count > 0 => {
            ui.selected = Some(ui.selected.map_or(0, |i| (i + 1).min(count - 1)))
        }
        KeyCode::Esc => {
            ui.typed.clear();
            ui.message.clear();
            ui.selected = None;
        }
        KeyCode::Backspace => {
            ui.typed.pop();
        }
        KeyCode::Enter if !ui.typed.is_empty() => {
            let typed = std::mem::take(&mut ui.typed);
            play(s, ui, typed, false);
        }
        KeyCode::Enter => match ui.selected.and_then(|i| s.moves().get(i).cloned()) {
            Some(a) => play(s, ui, a, false),
            None if count > 0 => {
                ui.message = "choose a move with ←/→ first, or type it".into();
            }
            None => {}
        },
        KeyCode::Char(c) if !ui.typed.is_empty() && !c.is_control() => ui.typed.push(c),
        KeyCode::Char('q') => {
            ui.quitting = true;
            ui.quit_by_q = true;
        }
        KeyCode::Char('?') => ui.overlay = Some(s.help(true)),
        KeyCode::Char('s') => ui.overlay = Some(s.sheet_lines()),
        KeyCode::Char('h') => {
            ui.message = format!("hint: {}", s.hint().unwrap_or_else(|| "-".into()))
        }
        KeyCode::Char('u') => ui.message = s.undo().err().unwrap_or_default(),
        KeyCode::Char('l') => ui.message = s.last_trick(),
        KeyCode::Char('n') if s.next_deal() => ui.message.clear(),
        // Cards start with a rank (upper case or a digit) or a suit
        // symbol; keywords (`close`, `bid 45`) with any other letter.
        KeyCode::Char(c) if c.is_alphanumeric() || "♠♥♦♣".contains(c) => ui.typed.push(c),
        _ => {}
    }
    true
}

fn event_loop(terminal: &mut DefaultTerminal, s: &mut PlaySession) -> std::io::Result<()> {
    let mut ui = Ui::default();
    loop {
        terminal.draw(|f| draw(f, s, &ui))?;
        let Event::Key(k) = event::read()? else {
            continue;
        };
        if k.kind == KeyEventKind::Press && !key_event(s, &mut ui, k) {
            return Ok(());
        }
    }
}

pub fn run(s: &mut PlaySession) -> Result<(), String> {
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, s);
    ratatui::restore();
    result.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::PlayArgs;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use talon_rules::Preset;

    fn session(preset: Preset, seed: u64) -> PlaySession {
        PlaySession::new(&PlayArgs {
            preset: preset.name().into(),
            seat: 0,
            bots: "random".into(),
            seed: Some(seed),
            options: Vec::new(),
            whole_match: true,
            plain: true,
            record: None,
        })
        .unwrap()
    }

    fn screen(s: &PlaySession, ui: &Ui, w: u16, h: u16) -> Vec<String> {
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
                    let rows = screen(&s, &Ui::default(), 80, 24).join("\n");
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
                    let shown: Vec<&str> = shown.iter().map(String::as_str).collect();
                    for m in s.moves() {
                        let first = m.split(' ').next().unwrap();
                        assert!(
                            shown.contains(&first),
                            "{preset}: move {m} not shown:\n{rows}"
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
        while s.game().summary().is_none() {
            let m = s.moves()[0].clone();
            s.human_move(&m).unwrap();
        }
        let rows = screen(&s, &Ui::default(), 80, 24).join("\n");
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
        let rows = screen(&s, &Ui::default(), 60, 16).join("\n");
        assert!(rows.contains("your moves"), "{rows}");
        let rows = screen(&s, &Ui::default(), 30, 10).join("\n");
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
}
