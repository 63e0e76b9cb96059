//! Variant files (TOML) in the editor: diagnostics from the variant loader,
//! completion of option names and values from the game the variant extends,
//! and going to that game.

use crate::check::{self, OptionDecl};
use crate::span::Span;
use lsp_types::{CompletionItem, CompletionItemKind};

/// The `extends = "..."` of a variant, read line by line so that it is
/// found while the rest of the file is half-written: the path and the span
/// of its text (inside the quotes).
pub fn extends(text: &str) -> Option<(String, Span)> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let t = line.trim_start();
        if t.starts_with('[') {
            return None; // past the top-level keys
        }
        let Some(rest) = t.strip_prefix("extends") else { continue };
        let Some(rest) = rest.trim_start().strip_prefix('=') else { continue };
        let value = rest.trim_start();
        let inner = value.strip_prefix('"')?;
        let close = inner.find('"')?;
        let at = start + (line.len() - value.len()) + 1;
        return Some((inner[..close].to_string(), Span::new(at, at + close)));
    }
    None
}

/// The options a game's text declares (none if it does not parse).
pub fn options_of(game_text: &str) -> Vec<OptionDecl> {
    check::parse(game_text).map(|p| p.options).unwrap_or_default()
}

/// How an option value is written in TOML: `true`, `12`, `"black"`.
pub fn toml_value(value: &str) -> String {
    if value == "true" || value == "false" || (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit())) {
        value.to_string()
    } else {
        format!("\"{value}\"")
    }
}

/// Whether the line at `offset` is inside the `[options]` table.
fn in_options(before: &str) -> bool {
    let header = before.rsplit('\n').skip(1).find(|l| l.trim_start().starts_with('['));
    let current = before.rsplit('\n').next().unwrap_or("");
    let header = if current.trim_start().starts_with('[') { None } else { header };
    header.is_some_and(|h| h.trim().trim_start_matches('[').trim_end_matches(']').trim() == "options")
}

pub fn completion(text: &str, offset: usize, options: &[OptionDecl]) -> Vec<CompletionItem> {
    let mut o = offset.min(text.len());
    while !text.is_char_boundary(o) {
        o -= 1;
    }
    let before = &text[..o];
    let line = before.rsplit('\n').next().unwrap_or("");
    if !in_options(before) {
        if line.contains('=') {
            return Vec::new();
        }
        return ["extends", "name", "description"]
            .iter()
            .map(|k| item(k, &format!("{k} = "), CompletionItemKind::PROPERTY, None))
            .chain([item("[options]", "[options]", CompletionItemKind::MODULE, None)])
            .collect();
    }
    match line.split_once('=') {
        None => options
            .iter()
            .map(|opt| {
                let detail = Some(format!("{} (one of: {})", opt.description, opt.value_names().join(", ")));
                item(&opt.name.value, &format!("{} = ", opt.name.value), CompletionItemKind::PROPERTY, detail)
            })
            .collect(),
        Some((key, _)) => {
            let key = key.trim().trim_matches('"');
            let Some(opt) = options.iter().find(|opt| opt.name.value == key) else { return Vec::new() };
            opt.values
                .iter()
                .map(|v| item(&toml_value(&v.value), &toml_value(&v.value), CompletionItemKind::VALUE, None))
                .collect()
        }
    }
}

fn item(label: &str, insert: &str, kind: CompletionItemKind, detail: Option<String>) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail,
        insert_text: Some(insert.to_string()),
        ..CompletionItem::default()
    }
}

/// The key of `key = value` around an offset in the `[options]` table, and
/// whether the offset is on the value.
pub fn option_at(text: &str, offset: usize) -> Option<(String, bool)> {
    let mut o = offset.min(text.len());
    while !text.is_char_boundary(o) {
        o -= 1;
    }
    let start = text[..o].rfind('\n').map_or(0, |i| i + 1);
    let end = text[o..].find('\n').map_or(text.len(), |i| o + i);
    if !in_options(&text[..o]) {
        return None;
    }
    let (key, _) = text[start..end].split_once('=')?;
    let on_value = o > start + key.len();
    Some((key.trim().trim_matches('"').to_string(), on_value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_extends_while_half_written() {
        let text = "# c\nextends = \"../tabal.game\"\nname = \n[options]\nfirst = ";
        let (path, span) = extends(text).unwrap();
        assert_eq!(path, "../tabal.game");
        assert_eq!(&text[span.start..span.end], "../tabal.game");
        assert_eq!(option_at(text, text.len()), Some(("first".into(), true)));
    }

    #[test]
    fn completes_names_then_values() {
        let options = options_of("option first = white, black \"who\"\noption dice = true, false \"d\"\n");
        let names: Vec<String> =
            completion("extends = \"x.game\"\n[options]\n", 29, &options).into_iter().map(|i| i.label).collect();
        assert_eq!(names, ["first", "dice"]);
        let text = "extends = \"x.game\"\n[options]\nfirst = ";
        let values: Vec<String> = completion(text, text.len(), &options).into_iter().map(|i| i.label).collect();
        assert_eq!(values, ["\"white\"", "\"black\""]);
        let text = "extends = \"x.game\"\n[options]\ndice = ";
        let values: Vec<String> = completion(text, text.len(), &options).into_iter().map(|i| i.label).collect();
        assert_eq!(values, ["true", "false"]);
        let top: Vec<String> = completion("", 0, &options).into_iter().map(|i| i.label).collect();
        assert_eq!(top, ["extends", "name", "description", "[options]"]);
    }
}
