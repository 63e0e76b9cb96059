//! Keyword documentation for hover, read from docs/language.md itself (built
//! into the binary), so the editor and the manual can never disagree.

/// The language manual, as shipped.
pub const LANGUAGE_MD: &str = include_str!("../../docs/language.md");

/// Where hover links point: the manual in the repository.
pub const LANGUAGE_URL: &str = "docs/language.md";

/// A section of the manual: its title, anchor and lines.
struct Section<'a> {
    title: &'a str,
    lines: Vec<&'a str>,
}

fn sections(doc: &str) -> Vec<Section<'_>> {
    let mut out: Vec<Section> = Vec::new();
    let mut in_code = false;
    for line in doc.lines() {
        in_code ^= line.starts_with("```");
        match line.strip_prefix("## ").or(line.strip_prefix("### ")) {
            Some(title) if !in_code => out.push(Section { title, lines: Vec::new() }),
            _ => {
                if let Some(s) = out.last_mut() {
                    s.lines.push(line);
                }
            }
        }
    }
    out
}

/// The anchor GitHub (and most Markdown renderers) give a heading.
pub(super) fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Whether a piece of text starts with the keyword in backticks: `` `kw`` or `` `kw ...` ``.
fn starts_with_code(text: &str, kw: &str) -> bool {
    text.strip_prefix('`').and_then(|t| t.strip_prefix(kw)).is_some_and(|t| t.starts_with([' ', '`', '[']))
}

/// The section the table of contents lists the keyword under.
fn toc_section(doc: &str, kw: &str) -> Option<String> {
    doc.lines().take_while(|l| !l.starts_with("## ")).find_map(|l| {
        let (link, words) = l.strip_prefix("- [")?.split_once("):")?;
        let listed = words.split(',').any(|w| starts_with_code(w.trim(), kw));
        listed.then(|| link.split_once("](").map_or(link, |(t, _)| t).to_string())
    })
}

/// A paragraph (or bullet) of prose: the lines from `start` to a blank line,
/// a new bullet, a code fence or a table.
fn paragraph(lines: &[&str], start: usize) -> String {
    let mut text = lines[start].trim_start_matches("- ").trim().to_string();
    for l in &lines[start + 1..] {
        let t = l.trim();
        if t.is_empty() || t.starts_with("- ") || t.starts_with("```") || t.starts_with('|') {
            break;
        }
        text.push(' ');
        text.push_str(t);
    }
    text
}

/// The manual's words about a keyword, as Markdown, with a link to its section.
pub fn doc(kw: &str) -> Option<String> {
    doc_in(LANGUAGE_MD, kw)
}

fn doc_in(doc: &str, kw: &str) -> Option<String> {
    if kw.is_empty() {
        return None;
    }
    let all = sections(doc);
    let link = |title: &str| format!("\n\n[docs/language.md: {title}]({LANGUAGE_URL}#{})", anchor(title));
    // A keyword that opens a section's first example (`board`, `custodial`):
    // that example and the section's first paragraph.
    let opens_example = |s: &&Section| {
        let first = s.lines.iter().skip_while(|l| !l.starts_with("```")).nth(1);
        first.is_some_and(|l| l.split_whitespace().next() == Some(kw))
    };
    if let Some(s) = all.iter().find(opens_example) {
        return Some(section_doc(s) + &link(s.title));
    }
    // Otherwise the first line about it, best first: a table row, prose
    // that starts with it, a commented example, a sentence that names it,
    // a table row whose form has it as a later word (`jump DIRECTIONS flying`).
    for pass in 0..5 {
        for s in &all {
            if let Some(text) = line_about(s, kw, pass) {
                return Some(format!("**{}**\n\n{text}{}", s.title, link(s.title)));
            }
        }
    }
    // Last, the section the contents list it under.
    let title = toc_section(doc, kw)?;
    let s = all.iter().find(|s| s.title == title)?;
    Some(section_doc(s) + &link(s.title))
}

/// The first line of a section about the keyword, of one kind (`pass`):
/// 0 a table row, 1 prose starting with it, 2 a commented example line,
/// 3 a sentence of prose naming it, 4 a table row whose form has it as a
/// later word.
fn line_about(s: &Section, kw: &str, pass: u8) -> Option<String> {
    let mut in_code = false;
    for (i, line) in s.lines.iter().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        let t = line.trim();
        // Prose is read from the start of its paragraph or bullet, never from a wrapped line.
        let starts = i == 0 || s.lines[i - 1].trim().is_empty() || t.starts_with("- ");
        let found = match pass {
            0 if !in_code => t.strip_prefix('|').and_then(|row| {
                let cells: Vec<&str> = row.split('|').map(str::trim).collect();
                (cells.len() >= 2 && starts_with_code(cells[0], kw)).then(|| format!("{}: {}", cells[0], cells[1]))
            }),
            1 if !in_code && starts => starts_with_code(t.trim_start_matches("- "), kw).then(|| paragraph(&s.lines, i)),
            2 if in_code => match (t.split_whitespace().next(), t.split_once(" #")) {
                (Some(w), Some((code, comment))) if w == kw => {
                    Some(format!("`{}`: {}", code.trim(), comment.trim_start_matches('#').trim()))
                }
                _ => None,
            },
            3 if !in_code && starts && !t.starts_with('|') && !t.starts_with('#') => {
                let text = paragraph(&s.lines, i);
                // A code span whose first word is it, or that gives it as one of `a|b|c`.
                let named = |x: &&str| {
                    x.split('`').skip(1).step_by(2).any(|code| {
                        code.split_whitespace().next() == Some(kw)
                            || code.split_whitespace().any(|w| w.contains('|') && w.split('|').any(|a| a == kw))
                    })
                };
                text.split_inclusive(". ").find(named).map(|x| x.trim().to_string())
            }
            4 if !in_code => t.strip_prefix('|').and_then(|row| {
                let cells: Vec<&str> = row.split('|').map(str::trim).collect();
                let form = cells[0].trim_matches('`');
                let has = form.split_whitespace().skip(1).any(|w| w.trim_matches(['[', ']']) == kw);
                (cells.len() >= 2 && cells[0].starts_with('`') && has).then(|| format!("{}: {}", cells[0], cells[1]))
            }),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The statement forms the manual's tables give (`promote to KIND in REGION`),
/// each with its first word: what completion offers as snippets. Optional
/// parts in brackets are left out.
pub fn statement_forms() -> Vec<(String, String)> {
    let mut forms: Vec<(String, String)> = Vec::new();
    let mut in_code = false;
    for line in LANGUAGE_MD.lines() {
        in_code ^= line.starts_with("```");
        let Some(row) = line.strip_prefix("| `").filter(|_| !in_code) else { continue };
        let Some((form, _)) = row.split_once('`') else { continue };
        let mut words = Vec::new();
        let mut depth = 0;
        for w in form.split_whitespace() {
            depth += w.matches('[').count() as i32;
            if depth == 0 {
                words.push(w);
            }
            depth -= w.matches(']').count() as i32;
        }
        let (Some(&first), true) = (words.first(), words.len() > 1) else { continue };
        let form = words.join(" ");
        if !forms.iter().any(|(_, f)| *f == form) {
            forms.push((first.to_string(), form));
        }
    }
    forms
}

/// A statement form as an LSP snippet: placeholders (`KIND`, `N`, the `N`
/// of `dN`) become tab stops.
pub fn snippet(form: &str) -> String {
    let mut stop = 0;
    let mut out = Vec::new();
    for w in form.split_whitespace() {
        let bare = w.trim_end_matches("...");
        let upper = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_uppercase());
        if upper(bare) {
            stop += 1;
            out.push(format!("${{{stop}:{bare}}}"));
        } else if let Some(n) = bare.strip_prefix('d').filter(|n| upper(n)) {
            stop += 1;
            out.push(format!("d${{{stop}:{n}}}"));
        } else {
            out.push(w.replace('$', "\\$"));
        }
    }
    out.join(" ")
}

/// A section's first paragraph and first example.
fn section_doc(s: &Section) -> String {
    let code: Vec<&str> = s
        .lines
        .iter()
        .skip_while(|l| !l.starts_with("```"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .copied()
        .collect();
    let mut in_code = false;
    let prose = s.lines.iter().position(|l| {
        in_code ^= l.starts_with("```");
        let t = l.trim();
        !in_code && !t.is_empty() && !t.starts_with("```") && !t.starts_with('|')
    });
    let mut out = format!("**{}**\n\n", s.title);
    if let Some(i) = prose {
        out.push_str(&paragraph(&s.lines, i));
    }
    if !code.is_empty() {
        out.push_str(&format!("\n\n```\n{}\n```", code.join("\n")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_statement_keyword_is_documented_in_the_manual() {
        for (context, words) in crate::check::statement_keywords() {
            for kw in words {
                let text =
                    doc(kw).unwrap_or_else(|| panic!("`{kw}` ({context}) has no hover text from docs/language.md"));
                assert!(text.contains(kw), "{kw}: {text}");
            }
        }
    }

    #[test]
    fn hover_text_is_the_manual_s_own() {
        let text = doc("custodial").unwrap();
        assert!(text.contains("**Custodial capture**"), "{text}");
        assert!(text.contains("flank opposite"), "{text}");
        assert!(text.ends_with("(docs/language.md#custodial-capture)"), "{text}");
        let step = doc("step").unwrap();
        assert!(step.contains("moves one space along a line onto a vacant point"), "{step}");
        let compulsory = doc("compulsory").unwrap();
        assert!(compulsory.contains("if any capture exists, the turn must be a capture"), "{compulsory}");
        // Taken from the text given, not a copy: a changed manual changes the hover.
        let changed = LANGUAGE_MD.replace("moves one space along a line", "hops");
        assert!(doc_in(&changed, "step").unwrap().contains("hops"));
        assert_eq!(doc("no-such-keyword"), None);
    }
}
