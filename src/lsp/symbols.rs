//! The names a game file declares and every place it uses them, from the
//! syntax tree alone (so it works while the file still has errors).

use crate::span::Span;
use crate::syntax::tree::{Arg, ArgKind, Node, Stmt};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Player,
    Piece,
    Region,
    Option,
    /// A value of an option (`Symbol::option` names it).
    Value,
    Point,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Piece => "piece",
            Kind::Region => "region",
            Kind::Option => "option",
            Kind::Value => "option value",
            Kind::Point => "point",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub kind: Kind,
    pub name: String,
    /// For a value, its option's name.
    pub option: Option<String>,
    /// The name where it is declared.
    pub span: Span,
    /// The whole declaring statement (its first line is shown on hover).
    pub statement: Span,
    /// Whether renaming it is possible (a lattice point's name comes from its
    /// file and rank, and cannot be renamed alone).
    pub renamable: bool,
}

/// One place a name appears: a declaration or a use.
#[derive(Clone, Copy, Debug)]
pub struct Occurrence {
    pub symbol: usize,
    pub span: Span,
}

#[derive(Default)]
pub struct Index {
    pub symbols: Vec<Symbol>,
    pub occurrences: Vec<Occurrence>,
}

impl Index {
    /// Builds the index. `points` are the board's labels as compiled (empty
    /// when the file does not compile): their uses are found too.
    pub fn new(nodes: &[Node], points: &[String]) -> Index {
        let mut ix = Index::default();
        ix.declarations(nodes, false);
        ix.lattice_points(nodes, points);
        ix.uses(nodes);
        ix.occurrences.sort_by_key(|o| o.span);
        ix
    }

    pub fn find(&self, kind: Kind, name: &str, option: Option<&str>) -> Option<usize> {
        self.symbols.iter().position(|s| s.kind == kind && s.name == name && s.option.as_deref() == option)
    }

    fn declare(&mut self, kind: Kind, arg: &Arg, stmt: &Stmt, option: Option<&str>) {
        let name = arg.text();
        if name.is_empty() || matches!(arg.kind, ArgKind::Equals | ArgKind::Comma | ArgKind::Colon) {
            return;
        }
        let symbol = match self.find(kind, &name, option) {
            Some(i) => i, // a second declaration (a region per player) is the same name
            None => {
                let statement = stmt.span;
                let renamable = true;
                let option = option.map(str::to_string);
                self.symbols.push(Symbol { kind, name, option, span: arg.span, statement, renamable });
                self.symbols.len() - 1
            }
        };
        self.occurrences.push(Occurrence { symbol, span: arg.span });
    }

    fn declarations(&mut self, nodes: &[Node], in_board: bool) {
        for node in nodes {
            match node {
                Node::Stmt(s) => {
                    let first = s.args.first();
                    match (s.keyword.value.as_str(), first) {
                        ("player", Some(a)) if a.as_word().is_some() => self.declare(Kind::Player, a, s, None),
                        ("piece", Some(a)) if a.as_word().is_some() => self.declare(Kind::Piece, a, s, None),
                        ("region", Some(a)) if a.as_word().is_some() => self.declare(Kind::Region, a, s, None),
                        ("point", Some(a)) if in_board && a.as_word().is_some() => {
                            self.declare(Kind::Point, a, s, None)
                        }
                        ("option", Some(a)) if a.as_word().is_some() => {
                            self.declare(Kind::Option, a, s, None);
                            let values = s.args.iter().skip_while(|v| v.kind != ArgKind::Equals).skip(1);
                            for v in values.filter(|v| matches!(v.kind, ArgKind::Word(_) | ArgKind::Number(_))) {
                                self.declare(Kind::Value, v, s, Some(&a.text()));
                            }
                        }
                        _ => {}
                    }
                    if let Some(b) = &s.block {
                        self.declarations(&b.nodes, s.keyword.value == "board");
                    }
                }
                Node::If(i) => {
                    self.declarations(&i.then.nodes, in_board);
                    if let Some(b) = &i.otherwise {
                        self.declarations(&b.nodes, in_board);
                    }
                }
            }
        }
    }

    /// Lattice points, declared where a `points` statement of the board
    /// names them (or covers them with a range), else at `board`.
    fn lattice_points(&mut self, nodes: &[Node], points: &[String]) {
        let Some(board) = find_statement(nodes, "board") else { return };
        let mut items: Vec<(&Arg, &Stmt)> = Vec::new();
        if let Some(b) = &board.block {
            for n in &b.nodes {
                if let Node::Stmt(s) = n {
                    if s.keyword.value == "points" {
                        items.extend(s.args.iter().map(|a| (a, s)));
                    }
                }
            }
        }
        for label in points {
            if self.find(Kind::Point, label, None).is_some() {
                continue;
            }
            let at = items.iter().find(|(a, _)| match &a.kind {
                ArgKind::Word(w) => w == label,
                ArgKind::Range(x, y) => covers(x, y, label),
                _ => false,
            });
            let (span, statement) = at.map_or((board.keyword.span, board.span), |(a, s)| (a.span, s.span));
            self.symbols.push(Symbol {
                kind: Kind::Point,
                name: label.clone(),
                option: None,
                span,
                statement,
                renamable: false,
            });
        }
    }

    fn uses(&mut self, nodes: &[Node]) {
        for node in nodes {
            match node {
                Node::Stmt(s) => {
                    let declares = matches!(s.keyword.value.as_str(), "player" | "piece" | "region" | "point");
                    if s.keyword.value != "option" {
                        for (i, a) in s.args.iter().enumerate() {
                            if declares && i == 0 {
                                continue;
                            }
                            self.use_of(a);
                        }
                    }
                    if let Some(b) = &s.block {
                        self.uses(&b.nodes);
                    }
                }
                Node::If(i) => {
                    if let Some(o) = self.find(Kind::Option, &i.option.value, None) {
                        self.occurrences.push(Occurrence { symbol: o, span: i.option.span });
                    }
                    let value = i.value.as_ref().map(Arg::text);
                    if let (Some(v), Some(arg)) = (value, &i.value) {
                        if let Some(o) = self.find(Kind::Value, &v, Some(&i.option.value)) {
                            self.occurrences.push(Occurrence { symbol: o, span: arg.span });
                        }
                    }
                    self.uses(&i.then.nodes);
                    if let Some(b) = &i.otherwise {
                        self.uses(&b.nodes);
                    }
                }
            }
        }
    }

    fn use_of(&mut self, arg: &Arg) {
        let Some(word) = arg.as_word() else { return };
        let found =
            [Kind::Piece, Kind::Player, Kind::Region, Kind::Point].iter().find_map(|&k| self.find(k, word, None));
        if let Some(symbol) = found {
            self.occurrences.push(Occurrence { symbol, span: arg.span });
        }
    }

    /// The occurrence at a byte offset (touching its start or end counts).
    pub fn at(&self, offset: usize) -> Option<Occurrence> {
        self.occurrences.iter().copied().find(|o| o.span.start <= offset && offset <= o.span.end)
    }

    pub fn occurrences_of(&self, symbol: usize) -> impl Iterator<Item = Span> + '_ {
        self.occurrences.iter().filter(move |o| o.symbol == symbol).map(|o| o.span)
    }
}

/// The first statement with this keyword at the top level (or in an `if`).
pub fn find_statement<'a>(nodes: &'a [Node], keyword: &str) -> Option<&'a Stmt> {
    nodes.iter().find_map(|n| match n {
        Node::Stmt(s) if s.keyword.value == keyword => Some(s),
        Node::Stmt(_) => None,
        Node::If(i) => find_statement(&i.then.nodes, keyword)
            .or_else(|| i.otherwise.as_ref().and_then(|b| find_statement(&b.nodes, keyword))),
    })
}

/// A label split into its file letters and rank number: `c10` is ("c", 10).
fn split_label(label: &str) -> Option<(&str, u32)> {
    let digits = label.find(|c: char| c.is_ascii_digit())?;
    let (file, rank) = label.split_at(digits);
    Some((file, rank.parse().ok()?))
}

/// Whether the rectangle `a..b` (`a3..e7`) holds the label.
fn covers(a: &str, b: &str, label: &str) -> bool {
    let (Some((fa, ra)), Some((fb, rb)), Some((f, r))) = (split_label(a), split_label(b), split_label(label)) else {
        return false;
    };
    let key = |s: &str| (s.len(), s.to_string());
    let (lo, hi) = if key(fa) <= key(fb) { (key(fa), key(fb)) } else { (key(fb), key(fa)) };
    (lo..=hi).contains(&key(f)) && (ra.min(rb)..=ra.max(rb)).contains(&r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_and_uses() {
        let text = "option first = white, black \"x\"\nboard {\n  points a1..b2\n}\nplayer white W forward n\n\
                    if first = black {\n  first white\n}\npiece man M {\n  promote to man in far\n}\nregion far = a1\n";
        let nodes = crate::syntax::parse(text).unwrap();
        let points = ["a1", "b1", "a2", "b2"].map(String::from);
        let ix = Index::new(&nodes, &points);
        let names = |k: Kind| ix.symbols.iter().filter(|s| s.kind == k).map(|s| s.name.as_str()).collect::<Vec<_>>();
        assert_eq!(names(Kind::Value), ["white", "black"]);
        assert_eq!(names(Kind::Point), ["a1", "b1", "a2", "b2"]);
        let white = ix.find(Kind::Player, "white", None).unwrap();
        let spans: Vec<&str> = ix.occurrences_of(white).map(|s| &text[s.start..s.end]).collect();
        assert_eq!(spans, ["white", "white"]);
        let black = ix.find(Kind::Value, "black", Some("first")).unwrap();
        assert_eq!(ix.occurrences_of(black).count(), 2, "declared, and used in the condition");
        let b2 = &ix.symbols[ix.find(Kind::Point, "b2", None).unwrap()];
        assert_eq!(&text[b2.span.start..b2.span.end], "a1..b2");
        let a1 = ix.find(Kind::Point, "a1", None).unwrap();
        assert_eq!(ix.occurrences_of(a1).count(), 1, "the region's a1");
    }
}
