//! `talon games` and `talon rules`.

use crate::markdown;
use talon_rules::Preset;

/// Width to render for: `$COLUMNS` when set (shells export it to
/// programs only sometimes), else the standard 80.
fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse::<usize>().ok())
        .filter(|&w| w >= 40)
        .unwrap_or(80)
}

/// One line per preset; `talon games PRESET` shows one preset's options.
pub fn list(preset: Option<&str>) -> Result<(), String> {
    let Some(name) = preset else {
        print_presets();
        return Ok(());
    };
    let p = Preset::from_name(name).map_err(|e| e.to_string())?;
    print!("{}", options_page(p, width()));
    Ok(())
}

fn print_presets() {
    for p in Preset::ALL {
        println!("{:<22} {:<9} {}", p.name(), players(p), p.description());
    }
    // A person is told where to go next; a script reads one preset a line.
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        println!("\n`talon games PRESET` lists a preset's options and bots; `talon rules PRESET` its rules.");
    }
}

fn players(p: Preset) -> String {
    match p.player_range() {
        (min, max) if min == max => format!("{min} hands"),
        (min, max) => format!("{min}-{max} hands"),
    }
}

/// A preset's description and every option with its values and default.
pub fn options_page(p: Preset, width: usize) -> String {
    let defaults = p.option_defaults();
    let mut md = format!(
        "# {} ({})\n\n{}\n\n# Options\n\nSet with `--option NAME=VALUE` (repeatable).\n\n",
        p.name(),
        players(p),
        p.description()
    );
    for spec in p.offered_option_specs() {
        let default = defaults.iter().find(|(n, _)| *n == spec.name).map_or_else(
            // A shorthand (`sharp`) has no value of its own: off unless given.
            || match spec.kind {
                talon_rules::OptionKind::Bool => " (default false)".to_string(),
                _ => String::new(),
            },
            |(_, v)| format!(" (default {v})"),
        );
        md.push_str(&format!(
            "- {}: {}{default}. {}\n",
            spec.name, spec.kind, spec.doc
        ));
    }
    let (levels, variants) = talon_bots::levels_and_variants(&talon_bots::bot_names(p));
    md.push_str(&format!(
        "\n# Bots\n\nSet with `--bots a,b` (any case). Levels, weakest first: {}.\n",
        levels.join(", ")
    ));
    if !variants.is_empty() {
        md.push_str(&format!(
            "Variants kept for experiments and comparisons (docs/strength.md and docs/strength/ say what each is): {}.\n",
            variants.join(", ")
        ));
    }
    markdown::render(&md, width)
}

/// `talon rules PRESET`; without a preset, the list to choose from.
pub fn rules(name: Option<&str>) -> Result<(), String> {
    let Some(name) = name else {
        println!("Which game? `talon rules PRESET` prints its rules; the presets:\n");
        print_presets();
        return Ok(());
    };
    let preset = Preset::from_name(name).map_err(|e| e.to_string())?;
    print!("{}", markdown::render(rules_page(preset), width()));
    Ok(())
}

/// The rules page of a preset, compiled into the binary from docs/rules/.
pub fn rules_page(preset: Preset) -> &'static str {
    match preset {
        Preset::SixtySix => include_str!("../../../docs/rules/sixty-six.md"),
        Preset::Schnapsen => include_str!("../../../docs/rules/schnapsen.md"),
        Preset::SchnapsenVu => include_str!("../../../docs/rules/schnapsen-vu.md"),
        Preset::NaSixtySix => include_str!("../../../docs/rules/na-sixty-six.md"),
        Preset::NaSixtySix3 => include_str!("../../../docs/rules/na-sixty-six-3.md"),
        Preset::SixtySixFour => include_str!("../../../docs/rules/sixty-six-4.md"),
        Preset::SixesAndSevens => include_str!("../../../docs/rules/sixes-and-sevens.md"),
        Preset::SixtyThree => include_str!("../../../docs/rules/sixty-three.md"),
        Preset::SixtyThreeInverness => include_str!("../../../docs/rules/sixty-three-inverness.md"),
        Preset::SixtyThreeQueens => include_str!("../../../docs/rules/sixty-three-queens.md"),
        Preset::SixtyThreeMaine => include_str!("../../../docs/rules/sixty-three-maine.md"),
        Preset::Pedro => include_str!("../../../docs/rules/pedro.md"),
        Preset::KingPedro => include_str!("../../../docs/rules/king-pedro.md"),
        Preset::KingPedroGiven => include_str!("../../../docs/rules/king-pedro-given.md"),
        Preset::EightyThree => include_str!("../../../docs/rules/eighty-three.md"),
    }
}
