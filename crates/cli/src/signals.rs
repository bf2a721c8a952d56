//! `talon play` ended by a signal — Ctrl-C in line mode, the terminal
//! closed (SIGHUP), `kill` (SIGTERM): the full screen is left and the
//! record of what was played is written before the process exits, as when
//! the person quits.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The record to write if a signal ends the game: its path and the latest
/// text, kept up to date after every move.
#[derive(Clone, Default)]
pub struct LastRecord(Arc<Mutex<Option<(PathBuf, String)>>>);

impl LastRecord {
    pub fn set(&self, path: PathBuf, text: String) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some((path, text));
        }
    }

    fn write(&self) -> Option<PathBuf> {
        let (path, text) = self.0.lock().ok()?.clone()?;
        std::fs::write(&path, text).ok()?;
        Some(path)
    }
}

/// Watches for the signals on a thread of its own (a signal handler may
/// do almost nothing itself).
#[cfg(unix)]
pub fn watch(last: LastRecord, full_screen: bool) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        let Some(signal) = signals.forever().next() else {
            return;
        };
        if full_screen {
            ratatui::restore();
        }
        match last.write() {
            Some(path) => eprintln!(
                "\ntalon: stopped; what was played is in {} (talon resume {} plays on)",
                path.display(),
                crate::play::path_word(&path)
            ),
            None => eprintln!("\ntalon: stopped"),
        }
        std::process::exit(128 + signal);
    });
}

#[cfg(not(unix))]
pub fn watch(_last: LastRecord, _full_screen: bool) {}
