//! The ratatui screen of `talon play`: the table, your moves in a natural
//! order (nothing selected until you choose, so Enter never plays by
//! accident), typed notation (`KS` or `K♠`), a confirmation that says what
//! a consequential move does, `?` help, `s` score sheet, hint, undo and the
//! last trick with the whole play log (`l`). It fits 80×24, four-hand
//! tables included; below that the play log goes first, and a screen too
//! small says so; a taller one gives the log the room left.

use crate::play::PlaySession;
use crate::text::in_words;
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
    /// The person has moved and the bots are to answer: the screen shows
    /// the move first, then they play.
    bots_due: bool,
    quitting: bool,
    /// The quit prompt came from `q`, which may also start a queen typed
    /// in lower case (`qs`).
    quit_by_q: bool,
    message: String,
    overlay: Option<Vec<String>>,
    /// First row of the overlay shown (u16::MAX: its end); kept within
    /// the text by `draw`, which also notes the largest useful value.
    overlay_scroll: u16,
    overlay_max: u16,
    /// The last screen was too small to show the game: only `q` (and the
    /// answer to its question) counts, since nothing else could be seen.
    too_small: bool,
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

/// Rows `text` takes when word-wrapped into `width` columns, as drawn
/// (ratatui's own count: a count by characters missed rows that word wrap
/// adds, and the end of a scrolled text fell out of sight).
fn rows(text: &str, width: u16) -> u16 {
    let count = Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .line_count(width.max(1));
    u16::try_from(count).unwrap_or(u16::MAX)
}

/// The question before quitting a game in play: whether it is kept, and
/// how to take it up again.
fn quit_question(s: &PlaySession) -> String {
    match s.saved_to() {
        _ if s.is_over() => "quit? y/n".into(),
        Some(path) => format!(
            "quit? talon resume {} plays on later · y/n",
            crate::play::path_word(path)
        ),
        None => "quit the game? it is not kept (--record FILE keeps a game) · y/n".into(),
    }
}

fn status_line(s: &PlaySession, ui: &Ui, width: u16) -> String {
    if ui.bots_due {
        return "the others are playing…".into();
    }
    if ui.quitting {
        return quit_question(s);
    }
    // The question first: on a narrow screen the words after it may be
    // cut, never the y/n.
    if let Some((a, what)) = &ui.confirm {
        return format!("Play {a}? y/n · {what}");
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
    // A narrow screen keeps its rows for the table: the keys are in `?`.
    if width < 60 {
        return "? help and keys · q quit".into();
    }
    if width < 80 {
        return "←/→ and Enter, or type a move · ? help and keys · q quit".into();
    }
    "←/→ choose, Enter plays · type a move · ? help · h hint · u undo · l last trick & log · s sheet · q quit"
        .into()
}

/// The table's lines a small screen leaves out first, least needed first:
/// the last trick and the sheet are a key away (`l`, `s`), cards drawn are
/// in the hand, and the contract, the trick on the table and the hand must
/// stay in sight.
const SPARE_LINES: [&str; 7] = [
    "tricks won:",
    "last trick:",
    "dealer ",
    "match ",
    "last event:",
    "you drew:",
    "you took the kitty:",
];

/// `view` without its spare lines, as few left out as lets it fit `room`
/// rows of `width` (past that it shows its end, as any tall table).
fn fit_table(view: &str, width: u16, room: u16) -> String {
    let mut lines: Vec<&str> = view.lines().collect();
    for prefix in SPARE_LINES {
        if rows(&lines.join("\n"), width) <= room {
            break;
        }
        lines.retain(|l| !l.starts_with(prefix));
    }
    lines.join("\n")
}

fn draw(frame: &mut Frame, s: &PlaySession, ui: &mut Ui) {
    let area = frame.area();
    ui.too_small = area.width < MIN.0 || area.height < MIN.1;
    if ui.too_small {
        let text = if ui.quitting {
            quit_question(s)
        } else {
            format!(
                "talon play needs at least {}×{} (80×24 shows everything); this terminal is {}×{}. \
                 Enlarge it, or press q to quit.",
                MIN.0, MIN.1, area.width, area.height
            )
        };
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    if let Some(lines) = ui.overlay.take() {
        draw_overlay(frame, &lines, ui, area);
        ui.overlay = Some(lines);
        return;
    }
    let inner = area.width.saturating_sub(2);
    let moves = s.moves();
    let packed = pack_moves(&moves, inner);
    let status = status_line(s, ui, area.width);
    let status_rows = rows(&status, area.width).clamp(1, 3);
    // Moves get up to half of the screen; past that they scroll with ←/→.
    let body = area.height.saturating_sub(1 + status_rows);
    let moves_rows = (packed.len() as u16).clamp(1, (body / 2).saturating_sub(2).max(1));
    // Once the deal is over: the result, every hand as dealt, the sheet.
    let view = match s.game().summary() {
        Some(sum) => {
            let mut lines = vec![format!("DEAL OVER: {}", s.seating.names_in(&sum.text))];
            lines.push("hands as dealt:".into());
            if let Some(deal) = s.finished_deal() {
                lines.extend(crate::sheet::hands(&s.seating, deal));
            }
            // The match standing, not the sheet's last lines (those repeat
            // the result just shown).
            if let Some(m) = s.sheet() {
                lines.extend(crate::sheet::standing(&s.seating, s.preset, m));
            }
            lines.join("\n")
        }
        None => s.view(),
    };
    let view = fit_table(&view, inner, body.saturating_sub(moves_rows + 4));
    let table_rows = rows(&view, inner) + 2;
    // The play log gets what is left, and goes first on a small screen.
    let spare = body.saturating_sub(table_rows + moves_rows + 2);
    // A tall screen gives the log all the room the table does not need.
    let log_rows = if spare >= 3 { spare } else { 0 };
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
            "talon {} — {score} — {}",
            s.preset.name(),
            s.seed.map_or("resumed".into(), |n| format!("seed {n}"))
        ))
        .style(Style::default().add_modifier(Modifier::BOLD)),
        top,
    );
    // A table taller than its place shows its end: the hand and the trick
    // matter more than the score lines above them.
    let table_scroll = table_rows.saturating_sub(table.height);
    frame.render_widget(
        Paragraph::new(view.lines().map(coloured).collect::<Vec<_>>())
            .wrap(Wrap { trim: false })
            .scroll((table_scroll, 0))
            .block(Block::default().borders(Borders::ALL).title("table")),
        table,
    );
    draw_moves(frame, &moves, &packed, ui.selected, moves_area);
    if log_rows > 0 {
        // The log's last lines, wrapped: the newest at the bottom.
        let shown = log_rows.saturating_sub(2);
        let text = collapsed(s.play_log()).join("\n");
        let scroll = rows(&text, inner).saturating_sub(shown);
        frame.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .scroll((scroll, 0))
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

/// Runs of one line said again and again (three seats laying cards away
/// face down) as one line with a count, so the auction before them stays
/// in sight.
fn collapsed(lines: &[String]) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for line in lines {
        match out.last_mut() {
            Some((last, n)) if last == line => *n += 1,
            _ => out.push((line.clone(), 1)),
        }
    }
    out.into_iter()
        .map(|(line, n)| {
            if n > 1 {
                format!("{line} (×{n})")
            } else {
                line
            }
        })
        .collect()
}

/// The last trick and the whole play log (every deal so far), newest at
/// the bottom, for the `l` page.
fn log_page(s: &PlaySession) -> Vec<String> {
    let mut lines = vec![s.last_trick(), String::new(), "the play so far:".into()];
    lines.extend(collapsed(s.play_log()));
    lines
}

/// Help or the score sheet over the whole screen, scrolled with ↑/↓.
fn draw_overlay(frame: &mut Frame, lines: &[String], ui: &mut Ui, area: Rect) {
    let text: Vec<Line> = lines.iter().map(|l| coloured(l)).collect();
    let total = rows(&lines.join("\n"), area.width.saturating_sub(2));
    ui.overlay_max = total.saturating_sub(area.height.saturating_sub(2));
    ui.overlay_scroll = ui.overlay_scroll.min(ui.overlay_max);
    let title = if ui.overlay_max > 0 {
        "↑/↓ PgUp/PgDn scroll · any other key goes back"
    } else {
        "press any key to go back"
    };
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .scroll((ui.overlay_scroll, 0))
            .block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// The moves packed into lines of `width` columns (indices into `moves`),
/// a move never split across lines.
fn pack_moves(moves: &[String], width: u16) -> Vec<Vec<usize>> {
    let width = usize::from(width.max(1));
    let mut lines: Vec<Vec<usize>> = Vec::new();
    let mut used = 0;
    for (i, a) in moves.iter().enumerate() {
        // " a " and two spaces before the next; the last gap may overhang.
        let cell = a.chars().count() + 2;
        match lines.last_mut() {
            Some(line) if used + cell <= width => line.push(i),
            _ => {
                lines.push(vec![i]);
                used = 0;
            }
        }
        used += cell + 2;
    }
    lines
}

fn draw_moves(
    frame: &mut Frame,
    moves: &[String],
    packed: &[Vec<usize>],
    selected: Option<usize>,
    area: Rect,
) {
    let shown = usize::from(area.height.saturating_sub(2)).max(1);
    // The selected move's line stays in sight.
    let at = selected
        .and_then(|sel| packed.iter().position(|l| l.contains(&sel)))
        .unwrap_or(0);
    let first = at.saturating_sub(shown - 1);
    let lines: Vec<Line> = packed
        .iter()
        .skip(first)
        .take(shown)
        .map(|line| {
            let spans: Vec<Span> = line
                .iter()
                .flat_map(|&i| {
                    let a = &moves[i];
                    let mut style = action_style(a);
                    if Some(i) == selected {
                        style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    }
                    [Span::styled(format!(" {a} "), style), Span::raw("  ")]
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    let title = if moves.is_empty() {
        "your moves".to_string()
    } else if packed.len() > shown {
        format!(
            "your moves, rows {}-{} of {} (←/→ to see the rest, Enter, or type one)",
            first + 1,
            first + lines.len(),
            packed.len()
        )
    } else {
        "your moves (←/→ then Enter, or type one)".to_string()
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// Plays `action`, first asking when it is consequential.
fn play(s: &mut PlaySession, ui: &mut Ui, action: String, confirmed: bool) {
    // The screen numbers no moves: a bare number is a slip, not move N
    // (in an auction it is a bid).
    if action.trim().chars().all(|c| c.is_ascii_digit()) && !s.bidding() {
        ui.message = format!(
            "{} is not a move: type one (a card such as 9C) or choose with ←/→",
            action.trim()
        );
        return;
    }
    let action = match s.resolve(&action) {
        Ok(a) => a,
        Err(e) => {
            ui.message = e;
            return;
        }
    };
    if !confirmed && s.would_play(&action) {
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
    // On a screen too small to show the game only quitting counts: any
    // other key would act unseen (typed text, help and sheet included).
    if ui.too_small && !ui.quitting {
        if code == KeyCode::Char('q') {
            ui.quitting = true;
            ui.quit_by_q = false;
        }
        return true;
    }
    if ui.overlay.is_some() {
        let page = 10;
        match code {
            KeyCode::Up => {
                ui.overlay_scroll = ui.overlay_scroll.min(ui.overlay_max).saturating_sub(1)
            }
            KeyCode::Down => ui.overlay_scroll = ui.overlay_scroll.saturating_add(1),
            KeyCode::PageUp => {
                ui.overlay_scroll = ui.overlay_scroll.min(ui.overlay_max).saturating_sub(page)
            }
            KeyCode::PageDown => ui.overlay_scroll = ui.overlay_scroll.saturating_add(page),
            KeyCode::Home => ui.overlay_scroll = 0,
            KeyCode::End => ui.overlay_scroll = u16::MAX,
            _ => ui.overlay = None,
        }
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
        // The game is over: nothing is lost by quitting, so no question.
        KeyCode::Char('q') if s.game().summary().is_some() && !s.more_deals() => return false,
        KeyCode::Char('q') => {
            ui.quitting = true;
            ui.quit_by_q = true;
        }
        KeyCode::Char('?') => {
            ui.overlay = Some(s.help(true));
            ui.overlay_scroll = 0;
        }
        KeyCode::Char('s') => {
            // The sheet opens at its end: the standing and the last deals.
            ui.overlay = Some(s.sheet_lines());
            ui.overlay_scroll = u16::MAX;
        }
        KeyCode::Char('h') => match s.hint() {
            // Selected, so Enter plays it: the hint is a move, not a quiz.
            Some(hint) => {
                ui.selected = s.moves().iter().position(|m| *m == hint);
                ui.message = format!("hint: {} — Enter plays it", in_words(&hint));
            }
            None => ui.message = "no hint here".into(),
        },
        KeyCode::Char('u') => ui.message = s.undo().err().unwrap_or_default(),
        // The last trick and the whole log, opened at its newest lines.
        KeyCode::Char('l') => {
            ui.overlay = Some(log_page(s));
            ui.overlay_scroll = u16::MAX;
        }
        // `n` at a deal's end: no action starts with an n, so it is
        // never the start of a typed move.
        KeyCode::Char('n') if s.game().summary().is_some() => {
            ui.message = if s.next_deal() {
                String::new()
            } else {
                "no next deal: the game is over (q quits)".into()
            }
        }
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
        terminal.draw(|f| draw(f, s, &mut ui))?;
        // Drawn with the person's move: now the bots answer (once: a bot
        // whose move is refused must not be asked for ever).
        if std::mem::take(&mut ui.bots_due) {
            s.run_bots();
            continue;
        }
        let Event::Key(k) = event::read()? else {
            continue;
        };
        if k.kind == KeyEventKind::Press && !key_event(s, &mut ui, k) {
            return Ok(());
        }
        ui.bots_due = s.bots_to_move();
    }
}

pub fn run(s: &mut PlaySession) -> Result<(), String> {
    s.defer_bots = true;
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, s);
    ratatui::restore();
    result.map_err(|e| e.to_string())
}

#[cfg(test)]
#[path = "tui_tests.rs"]
mod tests;
