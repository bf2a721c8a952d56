//! The rules pages (docs/rules/*.md) rendered for a terminal: no markdown
//! marks, paragraphs wrapped to the width, tables as indented entries, and
//! no names of files that are not shipped with Talon.

/// Renders `md` for a terminal `width` columns wide.
pub fn render(md: &str, width: usize) -> String {
    let width = width.max(40);
    let mut out = Vec::new();
    let mut para: Vec<String> = Vec::new();
    let mut table: Vec<Vec<String>> = Vec::new();
    let flush_para = |para: &mut Vec<String>, out: &mut Vec<String>| {
        if !para.is_empty() {
            let text = para.join(" ");
            let (first, rest) = match text.strip_prefix("- ") {
                Some(item) => (format!("  • {item}"), "    "),
                None => (text.clone(), ""),
            };
            out.extend(wrap(&first, width, rest));
            para.clear();
        }
    };
    for raw in md.lines() {
        let line = inline(raw.trim_end());
        if line.starts_with('|') {
            flush_para(&mut para, &mut out);
            let cells: Vec<String> = line
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            if !cells
                .iter()
                .all(|c| c.chars().all(|ch| matches!(ch, '-' | ':')))
            {
                table.push(cells);
            }
            continue;
        }
        if !table.is_empty() {
            out.extend(render_table(&table, width));
            table.clear();
        }
        if let Some(title) = line.strip_prefix('#') {
            flush_para(&mut para, &mut out);
            let title = title.trim_start_matches('#').trim().to_string();
            if !out.is_empty() && out.last().is_some_and(|l: &String| !l.is_empty()) {
                out.push(String::new());
            }
            out.push(title.clone());
            out.push("─".repeat(title.chars().count().min(width)));
        } else if line.trim().is_empty() {
            flush_para(&mut para, &mut out);
            if out.last().is_some_and(|l| !l.is_empty()) {
                out.push(String::new());
            }
        } else if line.starts_with("- ") || line.starts_with("* ") {
            flush_para(&mut para, &mut out);
            para.push(format!("- {}", &line[2..]));
        } else {
            para.push(line.trim().to_string());
        }
    }
    flush_para(&mut para, &mut out);
    if !table.is_empty() {
        out.extend(render_table(&table, width));
    }
    out.push(String::new());
    out.extend(wrap(
        "Quoted source texts (\"sixty-six\" and the like) and the rules research notes \
         are the project's research material; they are not shipped with Talon.",
        width,
        "",
    ));
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// A table as entries: the first cell, then each other cell under its
/// column's name (a wide table never fits 80 columns as a grid).
fn render_table(rows: &[Vec<String>], width: usize) -> Vec<String> {
    let (header, body) = rows.split_first().expect("a table has a header row");
    let mut out = Vec::new();
    for row in body {
        let Some((key, rest)) = row.split_first() else {
            continue;
        };
        out.extend(wrap(&format!("  {key}"), width, "    "));
        for (name, cell) in header.iter().skip(1).zip(rest) {
            if !cell.is_empty() {
                out.extend(wrap(&format!("    {name}: {cell}"), width, "      "));
            }
        }
    }
    out
}

/// `[text](target)` as its text; a link to a preset's page says how to
/// read it here.
fn links(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|c| open + c) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|e| close + e) else {
            break;
        };
        out.push_str(&rest[..open]);
        let text = &rest[open + 1..close];
        let target = rest[close + 2..end].trim_end_matches(".md");
        let target = target.rsplit('/').next().unwrap_or(target);
        if talon_rules::Preset::from_name(target).is_err() {
            out.push_str(text);
        } else if text.trim_end_matches(".md") == target {
            // A page named by its file: here it is read by command.
            out.push_str(&format!("talon rules {target}"));
        } else {
            out.push_str(&format!("{text} (talon rules {target})"));
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Markdown's inline marks removed and the research files named as
/// sources rather than as paths (they are not shipped with Talon).
fn inline(line: &str) -> String {
    let mut s = links(line).replace("**", "").replace('`', "");
    for (from, to) in [
        ("shared/seeds/", "seeds/"),
        ("shared/rules-research-", "rules-research-"),
    ] {
        s = s.replace(from, to);
    }
    s = s.replace("seeds/", "");
    for name in [
        "pedro-variants",
        "sixty-three",
        "sixty-six-es",
        "sixty-six",
        "sixes-and-sevens",
    ] {
        s = s.replace(&format!("{name}.txt"), &format!("\"{name}\""));
    }
    for file in [
        "rules-research-pedro-66na-sevens.md",
        "rules-research-66.md",
    ] {
        s = s.replace(file, "Talon's rules research notes");
    }
    // "the research notes (path)" reads as the path's name alone.
    s = s.replace(
        "research notes (Talon's rules research notes)",
        "research notes",
    );
    // Other pages are reached with `talon rules NAME`.
    let mut out = String::new();
    let mut rest = s.as_str();
    while let Some(i) = rest.find("docs/rules/") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + "docs/rules/".len()..];
        match tail.find(".md") {
            // A preset's page; other pages (vu-notes.md) keep their path,
            // which is in the repository.
            Some(end) if talon_rules::Preset::from_name(&tail[..end]).is_ok() => {
                out.push_str(&format!("talon rules {}", &tail[..end]));
                rest = &tail[end + 3..];
            }
            _ => {
                out.push_str("docs/rules/");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Greedy word wrap; continuation lines start with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let lead: String = text.chars().take_while(|c| *c == ' ').collect();
    let mut lines = Vec::new();
    let mut line = lead.clone();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        let fresh = len == lead.len() || line.trim().is_empty();
        if !fresh && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
            line = indent.to_string();
        }
        if !line.trim().is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.trim().is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_marks_wraps_and_names_no_missing_file() {
        let md = "# Title\n\nSome **bold** `code` from seeds/sixty-three.txt and \
                  shared/rules-research-66.md, see docs/rules/sixty-six.md.\n\n\
                  | option | default | source |\n|---|---|---|\n| `a` | `1` | seeds/pedro-variants.txt |\n";
        let text = render(md, 40);
        assert!(!text.contains("**") && !text.contains('`') && !text.contains('|'));
        assert!(!text.contains(".txt") && !text.contains(".md"), "{text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("talon rules sixty-six"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 40), "{text}");
        assert!(text.contains("  a\n    default: 1"), "{text}");
    }

    /// A player reading the rules at a terminal meets no source file and
    /// no page by its file name, only `talon rules NAME`.
    #[test]
    fn rules_pages_name_no_source_file() {
        for preset in talon_rules::Preset::ALL {
            let text = render(crate::games::rules_page(preset), 100);
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for file in [
                "crates/", ".rs ", ".rs)", "-3.md", "-4.md", "six.md", "even.md",
            ] {
                assert!(!flat.contains(file), "{preset}: {file} in {flat}");
            }
        }
        assert_eq!(
            links("as in [na-sixty-six.md](na-sixty-six.md) and [the game](sixty-six.md)"),
            "as in talon rules na-sixty-six and the game (talon rules sixty-six)"
        );
    }
}
