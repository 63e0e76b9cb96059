//! Game records: a small header of tags, then the plies in move notation
//! separated by white space.
//!
//! ```text
//! [Game "Tablut"]
//! [File "games/tablut.game"]
//! [Options "dice=true capture=one-of-each"]
//! [Seed "7"]
//! [Result "defenders win: king escaped"]
//! 4:d1-d3 2:e6-b6 ...
//! ```

/// A record, as read or to be written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Tags in order: Game, File, Variant, Options, Seed, Position, Result...
    pub tags: Vec<(String, String)>,
    pub plies: Vec<String>,
}

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

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
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

    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut r = Record::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[') {
                let bad = || RecordError { line: i + 1, message: format!("a tag is [Name \"value\"], not `{line}`") };
                let inner = inner.strip_suffix(']').ok_or_else(bad)?;
                let (name, value) = inner.split_once(' ').ok_or_else(bad)?;
                let value = value.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(bad)?;
                if !r.plies.is_empty() {
                    return Err(RecordError { line: i + 1, message: "tags come before the plies".into() });
                }
                r.tags.push((name.to_string(), value.replace("\\\"", "\"")));
            } else {
                r.plies.extend(line.split_whitespace().map(String::from));
            }
        }
        Ok(r)
    }

    /// The record as text: tags, then the plies ten to a line.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "\\\"")));
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
        r.plies = (0..23).map(|i| format!("a{i}-b{i}")).collect();
        let back = Record::parse(&r.write()).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.options()[1], ("capture".to_string(), "opposite".to_string()));
    }

    #[test]
    fn bad_tags_name_their_line() {
        let e = Record::parse("[Game \"x\"]\n[Seed 7]\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("a1-a2\n[Game \"x\"]\n").unwrap_err();
        assert_eq!(e.message, "tags come before the plies");
    }
}
