//! The language server: `rulebook lsp` speaks the Language Server Protocol
//! over stdio, with the same checker, catalogue and formatter as the CLI.
//!
//! The protocol is `lsp-server` (the transport and message loop of
//! rust-analyzer) and `lsp-types`; the server is synchronous: every answer is
//! computed from the documents in memory, a game file being checked in a
//! few milliseconds. It reads only what the editor sends, and through the
//! `read` function it is given, the game files that variants extend.

mod game;
mod keywords;
mod symbols;
mod text;
mod variant;

use crate::diagnostics::{Diagnostic, Severity};
use crate::span::Span;
use game::GameDoc;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{notification::Notification as _, request::Request as _, *};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use text::LineIndex;

pub use keywords::doc as keyword_doc;

/// How the server reads a file that a variant extends (and nothing else).
pub type Read<'a> = &'a dyn Fn(&Path) -> std::io::Result<Vec<u8>>;

/// The documentation of the diagnostic codes, read for their headings'
/// anchors, so that every code links to its own entry.
const DIAGNOSTICS_MD: &str = include_str!("../../docs/diagnostics.md");

struct Document {
    text: String,
    version: i32,
    lines: LineIndex,
    kind: DocKind,
}

enum DocKind {
    Game(Box<GameDoc>),
    Variant(VariantDoc),
}

struct VariantDoc {
    diagnostics: Vec<lsp_types::Diagnostic>,
    /// The extended game's path, text and options, when it could be read.
    base: Option<(PathBuf, String)>,
}

struct Server<'a> {
    connection: &'a Connection,
    read: Read<'a>,
    docs: HashMap<Url, Document>,
    /// The names of each game document when it last parsed, for completion
    /// while it is half-written.
    last_good: HashMap<Url, symbols::Index>,
    /// Where diagnostic codes link: docs/diagnostics.md.
    docs_base: Option<Url>,
}

/// What the server can do, as told to the editor.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "=".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// Runs the server on a connection until the editor says `exit`.
/// `docs` is where diagnostic codes link (the file or page of
/// docs/diagnostics.md); the editor may give another as the initialization
/// option `diagnosticsDocs`.
pub fn serve(connection: &Connection, read: Read, docs: Option<Url>) -> Result<(), Box<dyn std::error::Error>> {
    let caps = serde_json::to_value(capabilities())?;
    let init = connection.initialize(caps)?;
    let configured = init
        .get("initializationOptions")
        .and_then(|o| o.get("diagnosticsDocs"))
        .and_then(|v| v.as_str())
        .and_then(|s| Url::parse(s).ok());
    let mut server =
        Server { connection, read, docs: HashMap::new(), last_good: HashMap::new(), docs_base: configured.or(docs) };
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req)? {
                    return Ok(());
                }
                let id = req.id.clone();
                // A bug must cost one answer, never the editor's server.
                let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.request(req)));
                let response = answer.unwrap_or_else(|_| {
                    Response::new_err(id, ErrorCode::InternalError as i32, "internal error (a bug in rulebook)".into())
                });
                connection.sender.send(Message::Response(response))?;
            }
            Message::Notification(n) => {
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.notification(n)));
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn params<P: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<P, Response> {
    serde_json::from_value(value).map_err(|e| Response {
        id: RequestId::from(0),
        result: None,
        error: Some(lsp_server::ResponseError {
            code: ErrorCode::InvalidParams as i32,
            message: e.to_string(),
            data: None,
        }),
    })
}

impl Server<'_> {
    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        let result = match req.method.as_str() {
            request::HoverRequest::METHOD => params(req.params).map(|p| json(self.hover(p))),
            request::Completion::METHOD => params(req.params).map(|p| json(self.completion(p))),
            request::GotoDefinition::METHOD => params(req.params).map(|p| json(self.definition(p))),
            request::References::METHOD => params(req.params).map(|p| json(self.references(p))),
            request::DocumentSymbolRequest::METHOD => params(req.params).map(|p| json(self.outline(p))),
            request::PrepareRenameRequest::METHOD => params(req.params).map(|p| json(self.prepare_rename(p))),
            request::Rename::METHOD => params(req.params).map(|p| json(self.rename(p))),
            request::Formatting::METHOD => params(req.params).map(|p| json(self.format(p))),
            request::CodeActionRequest::METHOD => params(req.params).map(|p| json(self.code_actions(p))),
            _ => return Response::new_err(id, ErrorCode::MethodNotFound as i32, format!("no method {}", req.method)),
        };
        match result {
            Ok(Ok(value)) => Response { id, result: Some(value), error: None },
            Ok(Err(message)) => Response::new_err(id, ErrorCode::InvalidRequest as i32, message),
            Err(r) => Response { id, ..r },
        }
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            notification::DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) {
                    let d = p.text_document;
                    self.update(d.uri, d.text, d.version);
                }
            }
            notification::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) {
                    let uri = p.text_document.uri;
                    let Some(doc) = self.docs.get(&uri) else { return };
                    let mut text = doc.text.clone();
                    for change in p.content_changes {
                        text::apply_change(&mut text, change.range, &change.text);
                    }
                    self.update(uri, text, p.text_document.version);
                }
            }
            notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                    self.docs.remove(&p.text_document.uri);
                    self.last_good.remove(&p.text_document.uri);
                    self.publish(p.text_document.uri, Vec::new(), None);
                }
            }
            _ => {}
        }
    }

    /// A document's new text: analysed, and its diagnostics published (with
    /// those of open variants that extend it).
    fn update(&mut self, uri: Url, text: String, version: i32) {
        let is_variant = uri.path().ends_with(".toml");
        let lines = LineIndex::new(&text);
        let kind = if is_variant {
            DocKind::Variant(self.analyse_variant(&uri, &text, &lines))
        } else {
            let g = GameDoc::new(&text);
            if g.nodes.is_some() {
                self.last_good.insert(uri.clone(), symbols::Index::new(g.nodes.as_deref().unwrap_or(&[]), &[]));
            }
            DocKind::Game(Box::new(g))
        };
        self.docs.insert(uri.clone(), Document { text, version, lines, kind });
        self.publish_for(&uri);
        if !is_variant {
            let path = uri.to_file_path().ok().map(|p| normalize(&p));
            let dependents: Vec<Url> = self
                .docs
                .iter()
                .filter(|(_, d)| match &d.kind {
                    DocKind::Variant(v) => v.base.as_ref().map(|b| Some(&b.0) == path.as_ref()).unwrap_or(false),
                    DocKind::Game(_) => false,
                })
                .map(|(u, _)| u.clone())
                .collect();
            for v in dependents {
                let Some(doc) = self.docs.remove(&v) else { continue };
                self.update(v, doc.text, doc.version);
            }
        }
    }

    fn publish_for(&self, uri: &Url) {
        let Some(doc) = self.docs.get(uri) else { return };
        let diagnostics = match &doc.kind {
            DocKind::Game(g) => g.diagnostics.iter().map(|d| self.convert(d, uri, &doc.text, &doc.lines)).collect(),
            DocKind::Variant(v) => v.diagnostics.clone(),
        };
        self.publish(uri.clone(), diagnostics, Some(doc.version));
    }

    fn publish(&self, uri: Url, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams { uri, diagnostics, version };
        let n = Notification::new(notification::PublishDiagnostics::METHOD.into(), params);
        let _ = self.connection.sender.send(Message::Notification(n));
    }

    /// A checker diagnostic as the protocol has it: code and its link,
    /// range, message with help, the labels as related information.
    fn convert(&self, d: &Diagnostic, uri: &Url, text: &str, lines: &LineIndex) -> lsp_types::Diagnostic {
        let primary = d.labels.iter().find(|l| l.primary).or(d.labels.first());
        let mut message = d.message.clone();
        if let Some(l) = primary.filter(|l| !l.text.is_empty()) {
            message.push_str(&format!(": {}", l.text));
        }
        if let Some(h) = &d.help {
            message.push_str(&format!("\nhelp: {h}"));
        }
        let related = d
            .labels
            .iter()
            .map(|l| DiagnosticRelatedInformation {
                location: Location { uri: uri.clone(), range: lines.range(text, l.span) },
                message: l.text.clone(),
            })
            .collect::<Vec<_>>();
        lsp_types::Diagnostic {
            range: lines.range(text, d.primary_span()),
            severity: Some(match d.severity {
                Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
            }),
            code: Some(NumberOrString::String(d.code.to_string())),
            code_description: self.code_link(d.code),
            source: Some("rulebook".into()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            tags: None,
            data: None,
        }
    }

    fn code_link(&self, code: &str) -> Option<CodeDescription> {
        let base = self.docs_base.as_ref()?;
        let heading = DIAGNOSTICS_MD.lines().find_map(|l| l.strip_prefix("## ").filter(|h| h.starts_with(code)))?;
        let mut href = base.clone();
        href.set_fragment(Some(&keywords::anchor(heading)));
        Some(CodeDescription { href })
    }

    fn analyse_variant(&self, uri: &Url, text: &str, lines: &LineIndex) -> VariantDoc {
        let Ok(path) = uri.to_file_path().map(|p| normalize(&p)) else {
            let diagnostics = match crate::variant::parse(text) {
                Ok(_) => Vec::new(),
                Err(ds) => ds.iter().map(|d| self.convert(d, uri, text, lines)).collect(),
            };
            return VariantDoc { diagnostics, base: None };
        };
        let own = text.as_bytes().to_vec();
        let reader = |p: &Path| -> std::io::Result<Vec<u8>> {
            let p = normalize(p);
            if p == path {
                return Ok(own.clone());
            }
            match self.docs.iter().find(|(u, _)| u.to_file_path().ok().map(|d| normalize(&d)) == Some(p.clone())) {
                Some((_, d)) => Ok(d.text.clone().into_bytes()),
                None => (self.read)(&p),
            }
        };
        let report = crate::variant::check(&path, &[], &reader);
        let base = report.sources.get(1).map(|(name, text)| (normalize(Path::new(name)), text.clone()));
        let mut diagnostics = Vec::new();
        let at_extends = variant::extends(text).map_or(Span::default(), |(_, s)| s);
        for (source, d) in &report.diagnostics {
            if *source == 0 {
                diagnostics.push(self.convert(d, uri, text, lines));
                continue;
            }
            // A problem in the extended game: shown at `extends`, linked to its place.
            let (name, base_text) = &report.sources[*source];
            let mut converted = self.convert(d, uri, text, lines);
            converted.range = lines.range(text, at_extends);
            converted.message = format!("in {name}: {}", converted.message);
            if let Ok(base_uri) = Url::from_file_path(name) {
                let base_lines = LineIndex::new(base_text);
                converted.related_information = Some(
                    d.labels
                        .iter()
                        .map(|l| DiagnosticRelatedInformation {
                            location: Location { uri: base_uri.clone(), range: base_lines.range(base_text, l.span) },
                            message: l.text.clone(),
                        })
                        .collect(),
                );
            }
            diagnostics.push(converted);
        }
        VariantDoc { diagnostics, base }
    }

    fn doc(&self, uri: &Url) -> Result<&Document, String> {
        self.docs.get(uri).ok_or_else(|| format!("{uri} is not open"))
    }

    fn hover(&self, p: HoverParams) -> Result<Option<Hover>, String> {
        let pos = p.text_document_position_params;
        let doc = self.doc(&pos.text_document.uri)?;
        let offset = doc.lines.offset(&doc.text, pos.position);
        let found = match &doc.kind {
            DocKind::Game(g) => g.hover(&doc.text, offset),
            DocKind::Variant(v) => variant_hover(v, &doc.text, offset),
        };
        Ok(found.map(|(value, span)| Hover {
            contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: self.linked(value) }),
            range: Some(doc.lines.range(&doc.text, span)),
        }))
    }

    /// Markdown whose links to the manual point where the diagnostics' do
    /// (docs/language.md beside docs/diagnostics.md).
    fn linked(&self, markdown: String) -> String {
        let Some(base) = self.docs_base.as_ref().and_then(|b| b.join("language.md").ok()) else { return markdown };
        markdown.replace(&format!("]({}#", keywords::LANGUAGE_URL), &format!("]({base}#"))
    }

    fn completion(&self, p: CompletionParams) -> Result<Option<CompletionResponse>, String> {
        let pos = p.text_document_position;
        let doc = self.doc(&pos.text_document.uri)?;
        let offset = doc.lines.offset(&doc.text, pos.position);
        let items = match &doc.kind {
            DocKind::Game(g) => g.completion(&doc.text, offset, self.last_good.get(&pos.text_document.uri)),
            DocKind::Variant(v) => {
                let options = v.base.as_ref().map(|(_, t)| variant::options_of(t)).unwrap_or_default();
                variant::completion(&doc.text, offset, &options)
            }
        };
        Ok(Some(CompletionResponse::Array(items)))
    }

    fn definition(&self, p: GotoDefinitionParams) -> Result<Option<GotoDefinitionResponse>, String> {
        let pos = p.text_document_position_params;
        let uri = &pos.text_document.uri;
        let doc = self.doc(uri)?;
        let offset = doc.lines.offset(&doc.text, pos.position);
        let location = match &doc.kind {
            DocKind::Game(g) => g.index.at(offset).map(|o| {
                let s = &g.index.symbols[o.symbol];
                Location { uri: uri.clone(), range: doc.lines.range(&doc.text, s.span) }
            }),
            DocKind::Variant(v) => variant_definition(v, &doc.text, offset),
        };
        Ok(location.map(GotoDefinitionResponse::Scalar))
    }

    fn references(&self, p: ReferenceParams) -> Result<Option<Vec<Location>>, String> {
        let pos = p.text_document_position;
        let uri = &pos.text_document.uri;
        let doc = self.doc(uri)?;
        let DocKind::Game(g) = &doc.kind else { return Ok(None) };
        let offset = doc.lines.offset(&doc.text, pos.position);
        let Some(o) = g.index.at(offset) else { return Ok(None) };
        let declared = g.index.symbols[o.symbol].span;
        let spans = g.index.occurrences_of(o.symbol).filter(|s| p.context.include_declaration || *s != declared);
        Ok(Some(spans.map(|s| Location { uri: uri.clone(), range: doc.lines.range(&doc.text, s) }).collect()))
    }

    fn outline(&self, p: DocumentSymbolParams) -> Result<Option<DocumentSymbolResponse>, String> {
        let doc = self.doc(&p.text_document.uri)?;
        let DocKind::Game(g) = &doc.kind else { return Ok(None) };
        Ok(Some(DocumentSymbolResponse::Nested(g.symbols(&doc.text, &doc.lines))))
    }

    fn prepare_rename(&self, p: TextDocumentPositionParams) -> Result<Option<PrepareRenameResponse>, String> {
        let doc = self.doc(&p.text_document.uri)?;
        let DocKind::Game(g) = &doc.kind else { return Ok(None) };
        let offset = doc.lines.offset(&doc.text, p.position);
        Ok(g.index
            .at(offset)
            .filter(|o| g.index.symbols[o.symbol].renamable)
            .map(|o| PrepareRenameResponse::Range(doc.lines.range(&doc.text, o.span))))
    }

    fn rename(&self, p: RenameParams) -> Result<Option<WorkspaceEdit>, String> {
        let pos = p.text_document_position;
        let uri = &pos.text_document.uri;
        let doc = self.doc(uri)?;
        let DocKind::Game(g) = &doc.kind else { return Err("only names in game files can be renamed".into()) };
        let offset = doc.lines.offset(&doc.text, pos.position);
        let o = g.index.at(offset).ok_or("no declared name here")?;
        let symbol = &g.index.symbols[o.symbol];
        if !symbol.renamable {
            return Err(format!("the {} `{}` is named by its file and rank", symbol.kind.word(), symbol.name));
        }
        let valid = p.new_name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && p.new_name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !valid {
            return Err(format!(
                "`{}` is not a name: letters, digits, `-` and `_`, starting with a letter",
                p.new_name
            ));
        }
        let edits = g
            .index
            .occurrences_of(o.symbol)
            .map(|s| TextEdit { range: doc.lines.range(&doc.text, s), new_text: p.new_name.clone() })
            .collect();
        Ok(Some(WorkspaceEdit { changes: Some(HashMap::from([(uri.clone(), edits)])), ..Default::default() }))
    }

    fn format(&self, p: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>, String> {
        let doc = self.doc(&p.text_document.uri)?;
        if !matches!(doc.kind, DocKind::Game(_)) {
            return Ok(None);
        }
        match crate::fmt::format(&doc.text) {
            Ok(out) if out == doc.text => Ok(Some(Vec::new())),
            Ok(out) => {
                let range = doc.lines.range(&doc.text, Span::new(0, doc.text.len()));
                Ok(Some(vec![TextEdit { range, new_text: out }]))
            }
            Err(e) => Err(e.to_string()),
        }
    }

    fn code_actions(&self, p: CodeActionParams) -> Result<Option<CodeActionResponse>, String> {
        let uri = &p.text_document.uri;
        let doc = self.doc(uri)?;
        let wanted = doc.lines.span(&doc.text, p.range);
        let overlaps = |s: Span| s.start <= wanted.end && wanted.start <= s.end;
        let mut actions = Vec::new();
        match &doc.kind {
            DocKind::Game(g) => {
                for d in g.diagnostics.iter().filter(|d| overlaps(d.primary_span())) {
                    let converted = self.convert(d, uri, &doc.text, &doc.lines);
                    if let Some(word) = suggestion(d) {
                        let range = doc.lines.range(&doc.text, d.primary_span());
                        let old = doc.text.get(d.primary_span().start..d.primary_span().end).unwrap_or("");
                        let title = format!("Replace `{old}` with `{word}`");
                        actions.push(edit_action(title, uri, range, word.to_string(), &converted, true));
                    }
                    if let Some((option, value)) = missing_value(d) {
                        if let Some(at) = g.new_value_at(&option) {
                            let range = doc.lines.range(&doc.text, Span::new(at, at));
                            let title = format!("Add `{value}` to the values of option `{option}`");
                            actions.push(edit_action(title, uri, range, format!(", {value}"), &converted, false));
                        }
                    }
                }
            }
            DocKind::Variant(v) => {
                for d in v.diagnostics.iter().filter(|d| overlaps(doc.lines.span(&doc.text, d.range))) {
                    let Some(word) = d.message.split("did you mean `").nth(1).and_then(|r| r.split('`').next()) else {
                        continue;
                    };
                    if let Some((range, new)) = variant_fix(&doc.text, &doc.lines, d, word) {
                        let title = format!("Change to `{new}`");
                        actions.push(edit_action(title, uri, range, new, d, true));
                    }
                }
            }
        }
        Ok(Some(actions))
    }
}

fn json<T: serde::Serialize>(value: Result<T, String>) -> Result<serde_json::Value, String> {
    value.map(|v| serde_json::to_value(v).unwrap_or(serde_json::Value::Null))
}

/// The word a diagnostic's help suggests: "did you mean `king`?".
fn suggestion(d: &Diagnostic) -> Option<&str> {
    d.help.as_deref()?.strip_prefix("did you mean `")?.split('`').next()
}

/// For a bad option value in a condition: the option and the value.
fn missing_value(d: &Diagnostic) -> Option<(String, String)> {
    if d.code != "E0602" {
        return None;
    }
    let mut parts = d.message.split('`');
    let option = parts.nth(1)?.to_string();
    let value = parts.nth(1)?.to_string();
    Some((option, value))
}

fn edit_action(
    title: String,
    uri: &Url,
    range: Range,
    new_text: String,
    fixes: &lsp_types::Diagnostic,
    preferred: bool,
) -> CodeActionOrCommand {
    let edit = WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), vec![TextEdit { range, new_text }])])),
        ..Default::default()
    };
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![fixes.clone()]),
        edit: Some(edit),
        is_preferred: Some(preferred),
        ..Default::default()
    })
}

/// A variant's did-you-mean: the key of `key = value` (an unknown key or
/// option), or its value (a bad value), replaced.
fn variant_fix(text: &str, lines: &LineIndex, d: &lsp_types::Diagnostic, word: &str) -> Option<(Range, String)> {
    let span = lines.span(text, d.range);
    let written = text.get(span.start..span.end)?;
    let code = match &d.code {
        Some(NumberOrString::String(c)) => c.as_str(),
        _ => "",
    };
    match written.split_once('=') {
        Some((_, value)) if code == "E0602" => {
            let start = span.end - value.trim_start().len();
            let end = span.start + written.trim_end().len();
            Some((lines.range(text, Span::new(start, end)), variant::toml_value(word)))
        }
        Some((key, _)) => {
            let key = key.trim_end();
            Some((lines.range(text, Span::new(span.start, span.start + key.len())), word.to_string()))
        }
        None => Some((d.range, word.to_string())),
    }
}

fn variant_hover(v: &VariantDoc, text: &str, offset: usize) -> Option<(String, Span)> {
    let (key, _) = variant::option_at(text, offset)?;
    let options = variant::options_of(&v.base.as_ref()?.1);
    let opt = options.iter().find(|o| o.name.value == key)?;
    let (_, span) = text::word_at(text, offset)?;
    let values = opt.value_names().join(", ");
    Some((format!("option `{key}`: {}\n\none of: {values} (default `{}`)", opt.description, opt.default()), span))
}

fn variant_definition(v: &VariantDoc, text: &str, offset: usize) -> Option<Location> {
    let (path, base_text) = v.base.as_ref()?;
    let uri = Url::from_file_path(path).ok()?;
    let base_lines = LineIndex::new(base_text);
    if variant::extends(text).is_some_and(|(_, s)| s.start <= offset && offset <= s.end) {
        return Some(Location { uri, range: Range::default() });
    }
    let (key, on_value) = variant::option_at(text, offset)?;
    let options = variant::options_of(base_text);
    let opt = options.iter().find(|o| o.name.value == key)?;
    let mut target = opt.name.span;
    if on_value {
        let line = text[..offset.min(text.len())].rsplit('\n').next().unwrap_or("");
        let rest = &text[offset.min(text.len())..];
        let written = format!("{line}{}", rest.split('\n').next().unwrap_or(""));
        let value = written.split_once('=').map(|(_, v)| v.trim().trim_matches('"').to_string());
        if let Some(v) = opt.values.iter().find(|v| Some(&v.value) == value.as_ref()) {
            target = v.span;
        }
    }
    Some(Location { uri, range: base_lines.range(base_text, target) })
}

/// A path with its `.` and `..` parts resolved without asking the file
/// system (a variant's `../game.game` and the editor's name for it agree).
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c),
        }
    }
    out
}
