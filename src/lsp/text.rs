//! Positions: the protocol counts lines and UTF-16 code units, the library
//! counts bytes. Every conversion clamps what it is given (a line past the
//! end, a column past the line, a column inside a surrogate pair) to a real
//! place in the text, so no request can make a wrong range or a panic.

use crate::span::Span;
use lsp_types::{Position, Range};

/// Byte offsets of the starts of the lines of a text.
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        LineIndex { starts, len: text.len() }
    }

    /// The byte offset of a position, clamped into the text (a column past
    /// the end of its line is the line's end, before its `\r\n`).
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let line = pos.line as usize;
        let Some(&start) = self.starts.get(line) else { return self.len };
        let end = self.starts.get(line + 1).map_or(self.len, |&next| next - 1);
        let line_text = text[start..end].strip_suffix('\r').unwrap_or(&text[start..end]);
        let mut units = 0u32;
        for (i, c) in line_text.char_indices() {
            let next = units + c.len_utf16() as u32;
            if next > pos.character {
                return start + i; // inside a surrogate pair: the character's start
            }
            units = next;
        }
        start + line_text.len()
    }

    /// The position of a byte offset (clamped to the text, and back to the
    /// start of a character it falls inside).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(self.len);
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let character = text[self.starts[line]..offset].chars().map(|c| c.len_utf16() as u32).sum();
        Position { line: line as u32, character }
    }

    pub fn range(&self, text: &str, span: Span) -> Range {
        let start = self.position(text, span.start);
        let end = self.position(text, span.end.max(span.start));
        Range { start, end }
    }

    pub fn span(&self, text: &str, range: Range) -> Span {
        let a = self.offset(text, range.start);
        let b = self.offset(text, range.end);
        Span::new(a.min(b), a.max(b))
    }
}

/// The word (letters, digits, `-`, `_`) around a byte offset, with its span.
pub fn word_at(text: &str, offset: usize) -> Option<(&str, Span)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let offset = offset.min(text.len());
    if !text.is_char_boundary(offset) {
        return None;
    }
    let start = text[..offset].char_indices().rev().find(|&(_, c)| !is_word(c)).map_or(0, |(i, c)| i + c.len_utf8());
    let end = text[offset..].find(|c| !is_word(c)).map_or(text.len(), |i| offset + i);
    (start < end).then(|| (&text[start..end], Span::new(start, end)))
}

/// Whether `offset` is inside a comment: after a `#` on its line that is
/// not inside a string.
pub fn in_comment(text: &str, offset: usize) -> bool {
    let offset = offset.min(text.len());
    let Some(before) = text.get(..offset) else { return false };
    let line = before.rsplit('\n').next().unwrap_or("");
    let mut in_string = false;
    for c in line.chars() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return true,
            _ => {}
        }
    }
    false
}

/// Applies one change from the editor: a range replaced, or the whole text.
pub fn apply_change(text: &mut String, range: Option<Range>, new: &str) {
    match range {
        None => *text = new.to_string(),
        Some(range) => {
            let span = LineIndex::new(text).span(text, range);
            text.replace_range(span.start..span.end, new);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn counts_utf16_units_and_clamps() {
        let text = "a\u{e9}\u{1F600}b\r\nxy\n";
        let ix = LineIndex::new(text);
        assert_eq!(ix.offset(text, pos(0, 2)), 3); // after é (two bytes)
        assert_eq!(ix.offset(text, pos(0, 3)), 3); // inside the surrogate pair: its start
        assert_eq!(ix.offset(text, pos(0, 4)), 7);
        assert_eq!(ix.offset(text, pos(0, 99)), 8); // before \r\n
        assert_eq!(ix.offset(text, pos(7, 0)), text.len());
        assert_eq!(ix.position(text, 7), pos(0, 4));
        assert_eq!(ix.position(text, 5), pos(0, 2)); // inside the emoji: its start
        assert_eq!(ix.position(text, 10), pos(1, 0));
        assert_eq!(ix.position(text, 999), pos(2, 0));
    }

    #[test]
    fn changes_apply_at_clamped_places() {
        let mut text = "ab\ncd".to_string();
        apply_change(&mut text, Some(Range { start: pos(1, 1), end: pos(9, 9) }), "X");
        assert_eq!(text, "ab\ncX");
        apply_change(&mut text, Some(Range { start: pos(0, 5), end: pos(0, 0) }), "-");
        assert_eq!(text, "-\ncX");
    }

    #[test]
    fn words_around_the_cursor() {
        assert_eq!(word_at("step far-rank x", 8).map(|w| w.0), Some("far-rank"));
        assert_eq!(word_at("a  b", 2), None);
        assert_eq!(word_at("\u{e9}step", 3).map(|w| w.0), Some("step"));
    }
}
