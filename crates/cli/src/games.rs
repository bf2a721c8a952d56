//! `talon games` and `talon rules`.

use talon_rules::Preset;

pub fn list() -> Result<(), String> {
    for p in Preset::ALL {
        println!(
            "{:<16} {} players  {}",
            p.name(),
            p.players(),
            p.description()
        );
        for spec in p.option_specs() {
            let default = p
                .option_defaults()
                .into_iter()
                .find(|(n, _)| *n == spec.name)
                .map(|(_, v)| v);
            let default = default.map_or(String::new(), |d| format!(" = {d}"));
            println!(
                "    {:<26} {}{}  — {}",
                spec.name, spec.kind, default, spec.doc
            );
        }
    }
    Ok(())
}

pub fn rules(name: &str) -> Result<(), String> {
    let preset = Preset::from_name(name).map_err(|e| e.to_string())?;
    print!("{}", rules_page(preset));
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
