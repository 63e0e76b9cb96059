//! Game records: a small header of tags, then the plies in move notation
//! separated by white space.
//!
//! ```text
//! [Game "Tablut"]
//! [File "../games/tablut.game"]
//! [Options "dice=true capture=one-of-each"]
//! [Seed "7"]
//! [Result "defenders win: king escaped"]
//! [Plies "2"]
//! 4:d1-d3 2:e6-b6
//! ```
//!
//! A tag value is one line: a backslash, a quote, a line break, a tab or any
//! other control character in it is escaped (`\\`, `\"`, `\n`, `\r`, `\t`,
//! `\u{7f}`), so a file name with a newline cannot break the header. A
//! `Plies` tag, when present, must match the number of plies: a record cut
//! short is refused rather than read as a shorter game.

/// A record, as read or to be written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Tags in order: Game, File, Options, Seed, Position, Seats, Draws, Roll, Result, Plies...
    pub tags: Vec<(String, String)>,
    pub plies: Vec<String>,
    /// The line (from 1) each tag was read from; empty for a record made in memory.
    pub tag_lines: Vec<usize>,
    /// The line (from 1) each ply was read from; empty for a record made in memory.
    pub ply_lines: Vec<usize>,
}

/// The tags the commands read.
pub const KNOWN_TAGS: &[&str] =
    &["Game", "Rules", "File", "Options", "Seed", "Position", "Seats", "Draws", "Roll", "Result", "Plies"];
/// Tags people add to records from other tools (PGN's), kept and not warned about.
const INFORMATIVE_TAGS: &[&str] = &["Event", "Site", "Date", "Round", "White", "Black", "Annotator", "Note"];

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

/// A tag's value with its special characters escaped, for one line.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The value [`escape`] wrote. An unknown escape is kept as written (records
/// from before escaping existed had bare backslashes in Windows paths); a
/// bare quote inside the value is an error.
fn unescape(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Err("a quote inside a tag value must be written \\\"".into()),
            '\\' => match chars.peek().copied() {
                Some(e @ ('\\' | '"')) => {
                    chars.next();
                    out.push(e);
                }
                Some('n') | Some('r') | Some('t') => {
                    let e = chars.next().expect("peeked");
                    out.push(match e {
                        'n' => '\n',
                        'r' => '\r',
                        _ => '\t',
                    });
                }
                Some('u') => {
                    let rest: String = chars.clone().skip(1).take_while(|c| *c != '}').collect();
                    let closed = chars.clone().nth(rest.len() + 1) == Some('}');
                    let code = rest.strip_prefix('{').filter(|_| closed).and_then(|h| u32::from_str_radix(h, 16).ok());
                    let c = code.and_then(char::from_u32).ok_or("`\\u` is followed by {HEX}, a character's code")?;
                    chars.nth(rest.len() + 1); // 'u', the digits with '{', and '}'
                    out.push(c);
                }
                _ => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    Ok(out)
}

/// `Name "value"` (the text between the brackets) as (name, value).
fn parse_tag(inner: &str) -> Result<(String, String), String> {
    let (name, value) = inner.split_once(' ').ok_or("a tag is [Name \"value\"]")?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("`{name}` is not a tag name (letters, digits and _)"));
    }
    let value = value.trim();
    let quoted = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).filter(|_| value.len() >= 2);
    let value = quoted.ok_or_else(|| format!("the value of tag {name} is not in quotes"))?;
    Ok((name.to_string(), unescape(value).map_err(|e| format!("tag {name}: {e}"))?))
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The line a tag was read from, if it was read from text.
    pub fn tag_line(&self, name: &str) -> Option<usize> {
        let i = self.tags.iter().position(|(k, _)| k == name)?;
        self.tag_lines.get(i).copied()
    }

    /// The line ply `i` (from 0) was read from, if it was read from text.
    pub fn ply_line(&self, i: usize) -> Option<usize> {
        self.ply_lines.get(i).copied()
    }

    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The options of the `Options` tag as (name, value) pairs.
    pub fn options(&self) -> Vec<(String, String)> {
        self.tag("Options")
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|kv| kv.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
            .collect()
    }

    /// Reads a record. A leading byte-order mark is skipped; `#` lines are comments.
    /// The tags no command reads, each with its line and the known tag it
    /// looks like: a renamed `[Xlies "73"]` would otherwise turn a check off.
    pub fn unknown_tags(&self) -> Vec<(usize, &str, Option<&'static str>)> {
        let known = |n: &str| KNOWN_TAGS.contains(&n) || INFORMATIVE_TAGS.contains(&n);
        let like = |n: &str| KNOWN_TAGS.iter().copied().find(|k| strsim::damerau_levenshtein(k, n) <= 2);
        let lines = self.tag_lines.iter().copied().chain(std::iter::repeat(0));
        self.tags
            .iter()
            .zip(lines)
            .filter(|((n, _), _)| !known(n))
            .map(|((n, _), l)| (l, n.as_str(), like(n)))
            .collect()
    }

    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut r = Record::default();
        let mut last = 0;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |message: String| RecordError { line: i + 1, message };
            last = i + 1;
            if let Some(inner) = line.strip_prefix('[') {
                let inner =
                    inner.strip_suffix(']').ok_or_else(|| at(format!("a tag is [Name \"value\"], not `{line}`")))?;
                let (name, value) = parse_tag(inner).map_err(at)?;
                if !r.plies.is_empty() {
                    return Err(at("tags come before the plies".into()));
                }
                if let Some(first) = r.tag_line(&name) {
                    return Err(at(format!("tag {name} is given twice (first on line {first})")));
                }
                r.tags.push((name, value));
                r.tag_lines.push(i + 1);
            } else {
                for ply in line.split_whitespace() {
                    r.plies.push(ply.to_string());
                    r.ply_lines.push(i + 1);
                }
            }
        }
        if r.plies.is_empty() && r.tag("Plies").is_none() {
            let message = "no plies and no Plies tag: the record is empty or was cut short \
                           (rulebook writes a Plies tag, then the plies)";
            return Err(RecordError { line: last.max(1), message: message.into() });
        }
        if let Some(count) = r.tag("Plies") {
            let line = r.tag_line("Plies").unwrap_or(0);
            let n: usize = count
                .parse()
                .map_err(|_| RecordError { line, message: format!("tag Plies is a number of plies, not `{count}`") })?;
            if n != r.plies.len() {
                let message = format!(
                    "the record has {} plies but its Plies tag (line {line}) says {n}: it was cut short or edited",
                    r.plies.len()
                );
                return Err(RecordError { line: last.max(line), message });
            }
        }
        Ok(r)
    }

    /// The record as text: tags, then the plies ten to a line.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        for chunk in self.plies.chunks(10) {
            out.push_str(&chunk.join(" "));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes() {
        let mut r = Record::default();
        r.set("Game", "Tablut");
        r.set("Options", "dice=false capture=opposite");
        r.set("File", "odd\nname \"quoted\" C:\\games\\t\u{7}.game");
        r.plies = (0..23).map(|i| format!("a{i}-b{i}")).collect();
        r.set("Plies", r.plies.len().to_string());
        let text = r.write();
        assert_eq!(text.lines().filter(|l| l.starts_with('[')).count(), 4, "{text}");
        let back = Record::parse(&text).unwrap();
        assert_eq!((&back.tags, &back.plies), (&r.tags, &r.plies));
        assert_eq!(back.options()[1], ("capture".to_string(), "opposite".to_string()));
        assert_eq!(back.tag_line("File"), Some(3));
        assert_eq!(back.ply_line(10), Some(6));
    }

    #[test]
    fn bad_tags_name_their_line() {
        let e = Record::parse("[Game \"x\"]\n[Seed 7]\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("a1-a2\n[Game \"x\"]\n").unwrap_err();
        assert_eq!(e.message, "tags come before the plies");
        let e = Record::parse("[Game \"x\"]\n\n[Game \"y\"]\n").unwrap_err();
        assert_eq!((e.line, e.message.contains("given twice")), (3, true));
        let e = Record::parse("[File \"a\"b\"]\n").unwrap_err();
        assert!(e.message.contains("quote"), "{}", e.message);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let r = Record::parse("\u{feff}[Game \"x\"]\na1-a2\n").unwrap();
        assert_eq!(r.tag("Game"), Some("x"));
    }

    #[test]
    fn a_record_shorter_than_its_plies_tag_is_refused() {
        let e = Record::parse("[Plies \"3\"]\na1-a2 b1-b2\n").unwrap_err();
        assert!(e.message.contains("cut short"), "{}", e.message);
        assert!(Record::parse("[Plies \"2\"]\na1-a2 b1-b2\n").is_ok());
    }

    #[test]
    fn old_backslashes_survive() {
        let r = Record::parse("[File \"C:\\games\\x.game\"]\n[Plies \"0\"]\n").unwrap();
        assert_eq!(r.tag("File"), Some("C:\\games\\x.game"));
    }
}
