//! The ratatui screen of `talon play`: the table, your legal moves
//! selectable with the arrow keys (or typed in notation), hint, undo, the
//! last trick on demand and a confirmation before closing or declaring.

use crate::play::PlaySession;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};

/// Screen state besides the game.
#[derive(Default)]
struct Ui {
    selected: usize,
    typed: String,
    confirm: Option<String>,
    message: String,
}

/// Red for hearts and diamonds, as on the cards.
fn action_style(action: &str) -> Style {
    let red = action.len() == 2 && matches!(action.as_bytes()[1], b'H' | b'D');
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

fn draw(frame: &mut Frame, s: &PlaySession, ui: &Ui) {
    let [top, table, moves, log, status] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Min(8),
        Constraint::Length(3),
        Constraint::Length(8),
        Constraint::Length(3),
    ])
    .areas(frame.area());
    let score = match &s.sheet {
        Some(m) => format!("match score {:?}", m.scores()),
        None => "single deal".to_string(),
    };
    let title = format!(
        "talon — {} — you are seat {} — {score}",
        s.preset.name(),
        s.human
    );
    frame.render_widget(
        Paragraph::new(title).block(Block::default().borders(Borders::ALL)),
        top,
    );
    let mut view = s.view();
    if let Some(sum) = s.game.summary() {
        view.push_str(&format!("\n\nDEAL OVER: {}", sum.text));
        view.push_str(if s.sheet.as_ref().is_some_and(|m| m.winner().is_none()) {
            "\npress n for the next deal"
        } else {
            "\npress q to quit"
        });
    }
    frame.render_widget(
        Paragraph::new(view.lines().map(coloured).collect::<Vec<_>>())
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title("table")),
        table,
    );
    let legal = if s.game.to_move() == Some(s.human) {
        s.game.legal_actions()
    } else {
        Vec::new()
    };
    let spans: Vec<Span> = legal
        .iter()
        .enumerate()
        .flat_map(|(i, a)| {
            let mut style = action_style(a);
            if i == ui.selected {
                style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            [Span::styled(format!(" {a} "), style), Span::raw(" ")]
        })
        .collect();
    frame.render_widget(
        Paragraph::new(Line::from(spans)).block(
            Block::default()
                .borders(Borders::ALL)
                .title("your moves (←/→, Enter)"),
        ),
        moves,
    );
    let start = s.log.len().saturating_sub(6);
    let log_text = s.log[start..].join("\n");
    frame.render_widget(
        Paragraph::new(log_text).block(Block::default().borders(Borders::ALL).title("play")),
        log,
    );
    let line = match &ui.confirm {
        Some(a) => format!("really {a}? y/n"),
        None if !ui.typed.is_empty() => {
            format!("typed: {}   (Enter plays it, Esc clears)", ui.typed)
        }
        None => format!(
            "{}   keys: ←/→ Enter · type notation · h hint · u undo · l last trick · q quit",
            ui.message
        ),
    };
    frame.render_widget(
        Paragraph::new(line).block(Block::default().borders(Borders::ALL)),
        status,
    );
}

fn play(s: &mut PlaySession, ui: &mut Ui, action: String) {
    if PlaySession::needs_confirmation(&action) && ui.confirm.is_none() {
        ui.confirm = Some(action);
        return;
    }
    ui.message = match s.human_move(&action) {
        Ok(()) => String::new(),
        Err(e) => e,
    };
    ui.selected = 0;
}

fn event_loop(terminal: &mut DefaultTerminal, s: &mut PlaySession) -> std::io::Result<()> {
    let mut ui = Ui::default();
    loop {
        terminal.draw(|f| draw(f, s, &ui))?;
        let Event::Key(key) = event::read()? else {
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let legal = if s.game.to_move() == Some(s.human) {
            s.game.legal_actions()
        } else {
            Vec::new()
        };
        if let Some(action) = ui.confirm.clone() {
            if matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y')) {
                play(s, &mut ui, action);
            }
            ui.confirm = None;
            continue;
        }
        match key.code {
            KeyCode::Left => ui.selected = ui.selected.saturating_sub(1),
            KeyCode::Right if ui.selected + 1 < legal.len() => ui.selected += 1,
            KeyCode::Esc => ui.typed.clear(),
            KeyCode::Backspace => {
                ui.typed.pop();
            }
            KeyCode::Enter if !ui.typed.is_empty() => {
                let typed = std::mem::take(&mut ui.typed);
                play(s, &mut ui, typed);
            }
            KeyCode::Enter => {
                if let Some(a) = legal.get(ui.selected).cloned() {
                    play(s, &mut ui, a);
                }
            }
            KeyCode::Char(c) if !ui.typed.is_empty() => ui.typed.push(c),
            KeyCode::Char('q') => return Ok(()),
            KeyCode::Char('h') => {
                ui.message = format!("hint: {}", s.hint().unwrap_or_else(|| "-".into()))
            }
            KeyCode::Char('u') => ui.message = s.undo().err().unwrap_or_default(),
            KeyCode::Char('l') => ui.message = s.last_trick(),
            KeyCode::Char('n') => {
                s.next_deal();
            }
            KeyCode::Char(c) if c.is_ascii_alphanumeric() => ui.typed.push(c),
            _ => {}
        }
    }
}

pub fn run(s: &mut PlaySession) -> Result<(), String> {
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, s);
    ratatui::restore();
    result.map_err(|e| e.to_string())
}
