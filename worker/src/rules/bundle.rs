//! Rule + `helper.js` + harness → one ES module, the only thing QuickJS evaluates (it has no
//! module loader).
//!
//! Both files are parsed with swc (a real JavaScript parser, already built for javy-codegen);
//! their top-level `import`/`export` declarations are found in the syntax tree and rewritten by
//! splicing at the parser's byte spans, so that everything else keeps its exact line (and, but
//! for the first line of the rule, its column): error stacks then point into `rule.js` and
//! `helper.js` after [`SourceMapping::rewrite_locations`].
//!
//! Layout of the bundle (`function.mjs` for QuickJS):
//!
//! ```text
//! line 1          <setup>; [async] function __istruttoria_rule() { <helper imports>; <rule line 1>
//! lines 2..=R     the rest of the rule, its top level now the body of __istruttoria_rule
//! line R+1        ;return <default export>; }
//! line R+2        function __istruttoria_helper() { <memoised>          (when there is a helper)
//! lines …         helper.js, its exports collected into a frozen namespace object
//! last            <the plugin's harness>.run(__istruttoria_rule)
//! ```
//!
//! The harness itself (read the input, run the rule, write the outcome) lives in the plugin
//! (`worker/javy-plugin/src/harness.js`), evaluated once at pre-initialisation.
//!
//! Running the rule's top level inside a function gives every execution a fresh module state
//! (nothing survives anyway: one instance per execution) and lets the harness catch an exception
//! thrown at the top level. The function is async only when the rule has a top-level `await`:
//! a rule without one, whose default export returns a value rather than a promise, then runs
//! without a single promise job (the harness's `run`).

use std::fmt::Write as _;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;
use swc_core::common::{BytePos, FileName, SourceMap, Span, Spanned, sync::Lrc};
use swc_core::ecma::ast::{
    ArrowExpr, AwaitExpr, Decl, DefaultDecl, ExportSpecifier, ForOfStmt, Function, ImportSpecifier,
    Module, ModuleDecl, ModuleExportName, ModuleItem, ObjectPatProp, Pat,
};
use swc_core::ecma::parser::{EsSyntax, Parser, StringInput, Syntax, lexer::Lexer};
use swc_core::ecma::visit::{Visit, VisitWith};

/// The name rule files are reported under.
pub const RULE_FILE: &str = "rule.js";
/// The name of the rule's helper, importable as `./helper.js`.
pub const HELPER_FILE: &str = "helper.js";
/// Bumped whenever the bundle layout or the harness changes: part of every cache key.
pub const BUNDLE_VERSION: u32 = 4;

/// Runs before the rule's first line (same line): the plugin's harness reads the input and
/// installs the capturing `console` (`worker/javy-plugin/src/harness.js`); then the function
/// whose body is the rule's top level, async when the rule awaits at its top level.
const LINE1_SETUP: &str = "const __istruttoria_io = __istruttoria_harness.setup(); ";
const SYNC_RULE: &str = "function __istruttoria_rule() { ";
const ASYNC_RULE: &str = "async function __istruttoria_rule() { ";

/// Appended after the rule and the helper: the plugin's harness runs the rule (evaluates its
/// module body, calls the default export, awaits what is a promise) and writes the outcome. The
/// harness is evaluated once, when the plugin is pre-initialised, so that an execution only
/// evaluates the rule's module. Not awaited: the plugin runs the pending promise jobs to the end
/// after evaluating the module, and the module itself then needs no asynchronous evaluation.
const HARNESS: &str = "\n__istruttoria_io.run(__istruttoria_rule);\n";

/// Stack frames of the plugin's own scripts (the harness, the fast regular expressions):
/// `at run (istruttoria:harness:12:34)`.
const PLUGIN_SCRIPT: &str = "(istruttoria:";

/// A syntax error in the rule or its helper, with its position (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct SyntaxError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// One module ready for javy-codegen, and how to map its positions back to the sources.
#[derive(Debug, Clone)]
pub struct Bundle {
    pub source: String,
    pub mapping: SourceMapping,
}

/// Maps positions in the bundle (`function.mjs:L:C`: javy's module name) back to `rule.js` / `helper.js`.
#[derive(Debug, Clone, Default)]
pub struct SourceMapping {
    /// Bundle lines `1..=rule_lines` are the rule's lines.
    rule_lines: u32,
    /// Columns added in front of the rule's first line.
    line1_shift: u32,
    /// Bundle line of the helper's first line, and how many lines it has (0: no helper).
    helper_first_line: u32,
    helper_lines: u32,
}

impl SourceMapping {
    /// The source file, line and column of a bundle position; `None` inside the harness.
    pub fn locate(&self, line: u32, column: u32) -> Option<(&'static str, u32, u32)> {
        if line >= 1 && line <= self.rule_lines {
            let column = if line == 1 {
                column.saturating_sub(self.line1_shift).max(1)
            } else {
                column
            };
            return Some((RULE_FILE, line, column));
        }
        if self.helper_lines > 0
            && line >= self.helper_first_line
            && line < self.helper_first_line + self.helper_lines
        {
            return Some((HELPER_FILE, line - self.helper_first_line + 1, column));
        }
        None
    }

    /// Rewrites every `function.mjs:L:C` of a message or stack into `rule.js:l:c` or
    /// `helper.js:l:c`; drops the stack lines of the harness and names the module bodies.
    pub fn rewrite_locations(&self, text: &str) -> String {
        static LOCATION: LazyLock<Regex> =
            LazyLock::new(|| Regex::new(r"function\.mjs:(\d+)(?::(\d+))?").expect("valid regex"));
        let mut out = String::with_capacity(text.len());
        for (i, line) in text.split('\n').enumerate() {
            let mut harness = false;
            let replaced = LOCATION.replace_all(line, |caps: &regex::Captures<'_>| {
                let l = caps[1].parse().unwrap_or(0);
                let c = caps
                    .get(2)
                    .and_then(|c| c.as_str().parse().ok())
                    .unwrap_or(0);
                match self.locate(l, c) {
                    Some((file, l, c)) if caps.get(2).is_some() => format!("{file}:{l}:{c}"),
                    Some((file, l, _)) => format!("{file}:{l}"),
                    None => {
                        harness = true;
                        "<istruttoria>".to_string()
                    }
                }
            });
            // Frames of the harness itself are noise for the rule's author.
            if (harness || line.contains(PLUGIN_SCRIPT)) && line.trim_start().starts_with("at ") {
                continue;
            }
            if i > 0 && !out.is_empty() {
                out.push('\n');
            }
            out.push_str(
                &replaced
                    .replace("__istruttoria_rule", "<rule module>")
                    .replace("__istruttoria_helper", "<helper module>"),
            );
        }
        out
    }
}

/// Builds the bundle of a rule and its optional helper.
pub fn bundle(rule: &str, helper: Option<&str>) -> Result<Bundle, SyntaxError> {
    let rule = rule.strip_prefix('\u{feff}').unwrap_or(rule);
    let helper = helper.map(|h| h.strip_prefix('\u{feff}').unwrap_or(h));

    let rule_module = parse(RULE_FILE, rule)?;
    let rewritten_rule = rewrite_rule(rule, &rule_module, helper.is_some())?;
    let helper_part = helper
        .map(|h| parse(HELPER_FILE, h).and_then(|m| rewrite_helper(h, &m)))
        .transpose()?;

    let mut source =
        String::with_capacity(rule.len() + helper.map_or(0, str::len) + HARNESS.len() + 512);
    let rule_function = if has_top_level_await(&rule_module.module) {
        ASYNC_RULE
    } else {
        SYNC_RULE
    };
    source.push_str(LINE1_SETUP);
    source.push_str(rule_function);
    source.push_str(&rewritten_rule.prelude);
    let line1_shift =
        (LINE1_SETUP.len() + rule_function.len() + rewritten_rule.prelude.len()) as u32;
    source.push_str(&rewritten_rule.body);
    let rule_lines = line_count(&rewritten_rule.body);
    // The return must not be swallowed by a trailing `//` comment of the last line.
    let _ = write!(source, "\n;return {}; }}\n", rewritten_rule.default_export);
    let mut helper_first_line = 0;
    let mut helper_lines = 0;
    if let Some(part) = &helper_part {
        let _ = writeln!(
            source,
            "function __istruttoria_helper() {{ if (__istruttoria_helper_ns !== undefined) \
             return __istruttoria_helper_ns; {}",
            part.prelude
        );
        helper_first_line = rule_lines + 3;
        helper_lines = line_count(&part.body);
        source.push_str(&part.body);
        let _ = write!(
            source,
            "\n;return (__istruttoria_helper_ns = Object.freeze({{ __proto__: null{} }})); }}\n\
             var __istruttoria_helper_ns;\n",
            part.exports
                .iter()
                .map(|(exported, local)| format!(", {}: {local}", js_string(exported)))
                .collect::<String>()
        );
    }
    source.push_str(HARNESS);
    Ok(Bundle {
        source,
        mapping: SourceMapping {
            rule_lines,
            line1_shift,
            helper_first_line,
            helper_lines,
        },
    })
}

/// Whether a module awaits at its top level (`await`, `for await`) outside any function. Only
/// function boundaries are skipped, so a doubt counts as an `await` (and the rule runs in an
/// async function, which is always correct).
fn has_top_level_await(module: &Module) -> bool {
    struct Finder(bool);
    impl Visit for Finder {
        fn visit_await_expr(&mut self, _: &AwaitExpr) {
            self.0 = true;
        }
        fn visit_for_of_stmt(&mut self, stmt: &ForOfStmt) {
            self.0 |= stmt.is_await;
            stmt.visit_children_with(self);
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    }
    let mut finder = Finder(false);
    module.visit_with(&mut finder);
    finder.0
}

fn line_count(text: &str) -> u32 {
    text.bytes().filter(|&b| b == b'\n').count() as u32 + 1
}

fn js_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// A parsed file: its syntax tree and the byte position its text starts at.
struct Parsed {
    module: Module,
    base: u32,
}

/// Parses one file as an ES module (latest syntax), mapping the first error to a position.
fn parse(file: &str, source: &str) -> Result<Parsed, SyntaxError> {
    let cm: Lrc<SourceMap> = Default::default();
    let fm = cm.new_source_file(
        Lrc::new(FileName::Custom(file.to_string())),
        source.to_string(),
    );
    let lexer = Lexer::new(
        Syntax::Es(EsSyntax {
            import_attributes: true,
            ..Default::default()
        }),
        swc_core::ecma::ast::EsVersion::latest(),
        StringInput::from(&*fm),
        None,
    );
    let mut parser = Parser::new_from(lexer);
    let result = parser.parse_module();
    let recovered = parser.take_errors();
    let error = match result {
        Err(e) => Some(e),
        Ok(_) if !recovered.is_empty() => recovered.into_iter().next(),
        Ok(module) => {
            return Ok(Parsed {
                module,
                base: fm.start_pos.0,
            });
        }
    };
    let error = error.expect("an error");
    let offset = (error.span().lo.0.saturating_sub(fm.start_pos.0)) as usize;
    let (line, column) = line_column(source, offset);
    Err(SyntaxError {
        file: file.to_string(),
        line,
        column,
        message: error.kind().msg().into_owned(),
    })
}

/// 1-based line and column (in characters) of a byte offset.
pub(crate) fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let offset = offset.min(source.len());
    let before = &source[..floor_char_boundary(source, offset)];
    let line = before.bytes().filter(|&b| b == b'\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() as u32 + 1;
    (line, column)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Text edits at byte ranges of one source, applied back to front.
struct Edits<'a> {
    source: &'a str,
    base: u32,
    edits: Vec<(usize, usize, String)>,
}

impl<'a> Edits<'a> {
    fn new(source: &'a str, parsed: &Parsed) -> Self {
        // swc's byte positions count from the source file's start position.
        let base = parsed.base;
        Self {
            source,
            base,
            edits: Vec::new(),
        }
    }
    fn offset(&self, pos: BytePos) -> usize {
        (pos.0.saturating_sub(self.base)) as usize
    }
    fn text(&self, span: Span) -> &'a str {
        &self.source[self.offset(span.lo)..self.offset(span.hi)]
    }
    /// Replaces `span` by `with`, keeping the line breaks the span covered (so the lines
    /// after it do not move).
    fn replace_keep_lines(&mut self, span: Span, with: &str) {
        let newlines = "\n".repeat(self.text(span).matches('\n').count());
        self.edits.push((
            self.offset(span.lo),
            self.offset(span.hi),
            format!("{with}{newlines}"),
        ));
    }
    fn replace_range(&mut self, lo: BytePos, hi: BytePos, with: &str) {
        self.edits
            .push((self.offset(lo), self.offset(hi), with.to_string()));
    }
    fn insert(&mut self, at: BytePos, text: &str) {
        let at = self.offset(at);
        self.edits.push((at, at, text.to_string()));
    }
    fn apply(mut self) -> String {
        self.edits.sort_by_key(|(lo, hi, _)| (*lo, *hi));
        let mut out = String::with_capacity(self.source.len() + 256);
        let mut cursor = 0;
        for (lo, hi, text) in self.edits {
            if lo < cursor {
                continue; // overlapping edits do not happen; be safe anyway
            }
            out.push_str(&self.source[cursor..lo]);
            out.push_str(&text);
            cursor = hi;
        }
        out.push_str(&self.source[cursor..]);
        out
    }
}

struct RewrittenRule {
    /// Declarations of the imported helper bindings, put in front of the rule's first line.
    prelude: String,
    body: String,
    /// The expression the rule module's body returns: its default export.
    default_export: String,
}

fn syntax_error(
    file: &str,
    source: &str,
    offset: usize,
    message: impl Into<String>,
) -> SyntaxError {
    let (line, column) = line_column(source, offset);
    SyntaxError {
        file: file.to_string(),
        line,
        column,
        message: message.into(),
    }
}

/// The module of the rules' standard library (`worker/rule-stdlib`, in the plugin as
/// `__istruttoria_std`).
pub const STD_MODULE: &str = "istruttoria";

/// The declarations an `import … from "istruttoria"` of `file` becomes: its bindings read from
/// the plugin's frozen `__istruttoria_std`, each name checked against the module's.
fn std_import(
    file: &str,
    source: &str,
    edits: &Edits<'_>,
    import: &swc_core::ecma::ast::ImportDecl,
) -> Result<String, SyntaxError> {
    let mut declarations = String::new();
    let mut named = Vec::new();
    for specifier in &import.specifiers {
        match specifier {
            ImportSpecifier::Named(s) => {
                let imported = imported_name(s);
                if !istruttoria_rule_stdlib::NAMES.contains(&imported.as_str()) {
                    return Err(syntax_error(
                        file,
                        source,
                        edits.offset(s.span.lo),
                        format!(
                            "the module \"{STD_MODULE}\" has no export \"{imported}\" (it has {})",
                            istruttoria_rule_stdlib::NAMES.join(", ")
                        ),
                    ));
                }
                named.push(format!("{}: {}", js_string(&imported), s.local.sym));
            }
            ImportSpecifier::Default(s) => {
                return Err(syntax_error(
                    file,
                    source,
                    edits.offset(s.span.lo),
                    format!(
                        "the module \"{STD_MODULE}\" has no default export: import {{ numero, data, … }} from \"{STD_MODULE}\""
                    ),
                ));
            }
            ImportSpecifier::Namespace(s) => {
                let _ = write!(declarations, "const {} = __istruttoria_std; ", s.local.sym);
            }
        }
    }
    if !named.is_empty() {
        let _ = write!(
            declarations,
            "const {{ {} }} = __istruttoria_std; ",
            named.join(", ")
        );
    }
    Ok(declarations)
}

fn is_helper_specifier(spec: &str) -> bool {
    matches!(
        spec,
        "./helper.js" | "./helper" | "helper.js" | "./helper.mjs"
    )
}

fn export_name(name: &ModuleExportName) -> String {
    name.atom().to_string()
}

/// The name `import { name as local }` imports (the local name when there is no `as`).
fn imported_name(specifier: &swc_core::ecma::ast::ImportNamedSpecifier) -> String {
    specifier
        .imported
        .as_ref()
        .map_or_else(|| specifier.local.sym.to_string(), export_name)
}

fn rewrite_rule(
    source: &str,
    parsed: &Parsed,
    has_helper: bool,
) -> Result<RewrittenRule, SyntaxError> {
    let module = &parsed.module;
    let mut edits = Edits::new(source, parsed);
    let mut prelude = String::new();
    let mut default_export: Option<String> = None;
    let set_default = |default_export: &mut Option<String>, value: String, at: usize| {
        if default_export.is_some() {
            return Err(syntax_error(
                RULE_FILE,
                source,
                at,
                "duplicate default export",
            ));
        }
        *default_export = Some(value);
        Ok(())
    };
    for item in &module.body {
        let ModuleItem::ModuleDecl(decl) = item else {
            continue;
        };
        let at = edits.offset(decl.span().lo);
        match decl {
            ModuleDecl::Import(import) => {
                let spec = edits.text(import.src.span);
                let spec = &spec[1..spec.len().saturating_sub(1)];
                if spec == STD_MODULE {
                    prelude.push_str(&std_import(RULE_FILE, source, &edits, import)?);
                    edits.replace_keep_lines(import.span, "");
                    continue;
                }
                if !is_helper_specifier(spec) {
                    return Err(syntax_error(
                        RULE_FILE,
                        source,
                        edits.offset(import.src.span.lo),
                        format!(
                            "cannot import \"{spec}\": a rule can import only its helper, \"./helper.js\", and the module \"{STD_MODULE}\" (no npm packages are available)"
                        ),
                    ));
                }
                if !has_helper {
                    return Err(syntax_error(
                        RULE_FILE,
                        source,
                        edits.offset(import.src.span.lo),
                        "the rule imports ./helper.js but has no helper",
                    ));
                }
                let mut named = Vec::new();
                for specifier in &import.specifiers {
                    match specifier {
                        ImportSpecifier::Named(s) => {
                            let imported = imported_name(s);
                            named.push(format!("{}: {}", js_string(&imported), s.local.sym));
                        }
                        ImportSpecifier::Default(s) => {
                            named.push(format!("default: {}", s.local.sym));
                        }
                        ImportSpecifier::Namespace(s) => {
                            let _ =
                                write!(prelude, "const {} = __istruttoria_helper(); ", s.local.sym);
                        }
                    }
                }
                if named.is_empty() {
                    prelude.push_str("__istruttoria_helper(); ");
                } else {
                    let _ = write!(
                        prelude,
                        "const {{ {} }} = __istruttoria_helper(); ",
                        named.join(", ")
                    );
                }
                edits.replace_keep_lines(import.span, "");
            }
            ModuleDecl::ExportDecl(export) => {
                // The named exports of a rule are not used: keep the declaration.
                edits.replace_range(export.span.lo, export.decl.span().lo, "");
            }
            ModuleDecl::ExportDefaultExpr(export) => {
                set_default(&mut default_export, "__istruttoria_default".into(), at)?;
                edits.replace_range(
                    export.span.lo,
                    export.expr.span().lo,
                    "const __istruttoria_default = ",
                );
                edits.insert(export.span.hi, ";");
            }
            ModuleDecl::ExportDefaultDecl(export) => {
                let ident = match &export.decl {
                    DefaultDecl::Fn(f) => f.ident.as_ref(),
                    DefaultDecl::Class(c) => c.ident.as_ref(),
                    DefaultDecl::TsInterfaceDecl(_) => {
                        return Err(syntax_error(
                            RULE_FILE,
                            source,
                            at,
                            "TypeScript is not supported",
                        ));
                    }
                };
                match ident {
                    // `export default function name() {}` stays a (hoisted) declaration.
                    Some(ident) => {
                        set_default(&mut default_export, ident.sym.to_string(), at)?;
                        edits.replace_range(export.span.lo, export.decl.span().lo, "");
                    }
                    None => {
                        set_default(&mut default_export, "__istruttoria_default".into(), at)?;
                        edits.replace_range(
                            export.span.lo,
                            export.decl.span().lo,
                            "const __istruttoria_default = ",
                        );
                        edits.insert(export.span.hi, ";");
                    }
                }
            }
            ModuleDecl::ExportNamed(export) => {
                if export.src.is_some() {
                    return Err(syntax_error(
                        RULE_FILE,
                        source,
                        at,
                        "a rule cannot re-export from another module",
                    ));
                }
                for specifier in &export.specifiers {
                    if let ExportSpecifier::Named(s) = specifier {
                        let exported = s.exported.as_ref().unwrap_or(&s.orig);
                        if export_name(exported) == "default" {
                            set_default(&mut default_export, export_name(&s.orig), at)?;
                        }
                    }
                }
                edits.replace_keep_lines(export.span, "");
            }
            ModuleDecl::ExportAll(_) => {
                return Err(syntax_error(
                    RULE_FILE,
                    source,
                    at,
                    "a rule cannot re-export from another module",
                ));
            }
            _ => {
                return Err(syntax_error(
                    RULE_FILE,
                    source,
                    at,
                    "TypeScript is not supported",
                ));
            }
        }
    }
    let default_export = default_export.ok_or_else(|| {
        syntax_error(
            RULE_FILE,
            source,
            0,
            "the rule has no default export: write `export default function (input) { … }`",
        )
    })?;
    Ok(RewrittenRule {
        prelude,
        body: edits.apply(),
        default_export,
    })
}

struct RewrittenHelper {
    /// Declarations of the bindings imported from [`STD_MODULE`], run first.
    prelude: String,
    body: String,
    /// (exported name, local expression)
    exports: Vec<(String, String)>,
}

fn rewrite_helper(source: &str, parsed: &Parsed) -> Result<RewrittenHelper, SyntaxError> {
    let module = &parsed.module;
    let mut edits = Edits::new(source, parsed);
    let mut prelude = String::new();
    let mut exports = Vec::new();
    for item in &module.body {
        let ModuleItem::ModuleDecl(decl) = item else {
            continue;
        };
        let at = edits.offset(decl.span().lo);
        match decl {
            ModuleDecl::Import(import) => {
                let spec = edits.text(import.src.span);
                if &spec[1..spec.len().saturating_sub(1)] != STD_MODULE {
                    return Err(syntax_error(
                        HELPER_FILE,
                        source,
                        at,
                        format!("helper.js can import only the module \"{STD_MODULE}\""),
                    ));
                }
                prelude.push_str(&std_import(HELPER_FILE, source, &edits, import)?);
                edits.replace_keep_lines(import.span, "");
            }
            ModuleDecl::ExportDecl(export) => {
                match &export.decl {
                    Decl::Fn(f) => exports.push((f.ident.sym.to_string(), f.ident.sym.to_string())),
                    Decl::Class(c) => {
                        exports.push((c.ident.sym.to_string(), c.ident.sym.to_string()))
                    }
                    Decl::Var(v) => {
                        for d in &v.decls {
                            let mut names = Vec::new();
                            binding_names(&d.name, &mut names);
                            exports.extend(names.into_iter().map(|n| (n.clone(), n)));
                        }
                    }
                    _ => {
                        return Err(syntax_error(HELPER_FILE, source, at, "unsupported export"));
                    }
                }
                edits.replace_range(export.span.lo, export.decl.span().lo, "");
            }
            ModuleDecl::ExportDefaultExpr(export) => {
                exports.push(("default".into(), "__istruttoria_helper_default".into()));
                edits.replace_range(
                    export.span.lo,
                    export.expr.span().lo,
                    "const __istruttoria_helper_default = ",
                );
                edits.insert(export.span.hi, ";");
            }
            ModuleDecl::ExportDefaultDecl(export) => {
                let ident = match &export.decl {
                    DefaultDecl::Fn(f) => f.ident.as_ref(),
                    DefaultDecl::Class(c) => c.ident.as_ref(),
                    DefaultDecl::TsInterfaceDecl(_) => {
                        return Err(syntax_error(
                            HELPER_FILE,
                            source,
                            at,
                            "TypeScript is not supported",
                        ));
                    }
                };
                match ident {
                    Some(ident) => {
                        exports.push(("default".into(), ident.sym.to_string()));
                        edits.replace_range(export.span.lo, export.decl.span().lo, "");
                    }
                    None => {
                        exports.push(("default".into(), "__istruttoria_helper_default".into()));
                        edits.replace_range(
                            export.span.lo,
                            export.decl.span().lo,
                            "const __istruttoria_helper_default = ",
                        );
                        edits.insert(export.span.hi, ";");
                    }
                }
            }
            ModuleDecl::ExportNamed(export) => {
                if export.src.is_some() {
                    return Err(syntax_error(
                        HELPER_FILE,
                        source,
                        at,
                        "helper.js cannot re-export from another module",
                    ));
                }
                for specifier in &export.specifiers {
                    if let ExportSpecifier::Named(s) = specifier {
                        let exported = s.exported.as_ref().unwrap_or(&s.orig);
                        exports.push((export_name(exported), export_name(&s.orig)));
                    }
                }
                edits.replace_keep_lines(export.span, "");
            }
            ModuleDecl::ExportAll(_) => {
                return Err(syntax_error(
                    HELPER_FILE,
                    source,
                    at,
                    "helper.js cannot re-export from another module",
                ));
            }
            _ => {
                return Err(syntax_error(
                    HELPER_FILE,
                    source,
                    at,
                    "TypeScript is not supported",
                ));
            }
        }
    }
    Ok(RewrittenHelper {
        prelude,
        body: edits.apply(),
        exports,
    })
}

fn binding_names(pat: &Pat, out: &mut Vec<String>) {
    match pat {
        Pat::Ident(i) => out.push(i.id.sym.to_string()),
        Pat::Array(a) => a.elems.iter().flatten().for_each(|p| binding_names(p, out)),
        Pat::Rest(r) => binding_names(&r.arg, out),
        Pat::Object(o) => {
            for prop in &o.props {
                match prop {
                    ObjectPatProp::KeyValue(kv) => binding_names(&kv.value, out),
                    ObjectPatProp::Assign(a) => out.push(a.key.id.sym.to_string()),
                    ObjectPatProp::Rest(r) => binding_names(&r.arg, out),
                }
            }
        }
        Pat::Assign(a) => binding_names(&a.left, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_lines_of_the_rule_and_the_helper() {
        let rule = "import { double } from './helper.js';\n\nexport default function (x) {\n  return double(x);\n}\n";
        let helper = "// helper\nexport const double = (x) => x * 2;\n";
        let b = bundle(rule, Some(helper)).unwrap();
        let lines: Vec<&str> = b.source.lines().collect();
        assert!(lines[3].contains("return double(x);"), "{}", b.source);
        assert_eq!(b.mapping.locate(4, 10), Some((RULE_FILE, 4, 10)));
        let helper_line = lines
            .iter()
            .position(|l| l.contains("const double ="))
            .unwrap() as u32
            + 1;
        assert_eq!(b.mapping.locate(helper_line, 3), Some((HELPER_FILE, 2, 3)));
        assert!(
            b.source
                .contains(r#"const { "double": double } = __istruttoria_helper();"#)
        );
    }

    #[test]
    fn the_rule_runs_in_an_async_function_only_if_it_awaits_at_its_top_level() {
        let awaits_only_in_functions = [
            "export default async (x) => { await x; return {}; };",
            "async function f() { await g(); }\nexport default f;",
            "const o = { async m() { for await (const a of b) {} } };\nexport default () => o;",
            "class A { async m() { await 1; } }\nexport default () => new A();",
        ];
        for rule in awaits_only_in_functions {
            let b = bundle(rule, None).unwrap();
            assert!(!b.source.contains(ASYNC_RULE), "{rule}: {}", b.source);
            assert!(b.source.contains(SYNC_RULE), "{rule}");
        }
        let awaits_at_top_level = [
            "const t = await Promise.resolve(1);\nexport default () => t;",
            "for await (const x of []) {}\nexport default () => 1;",
            "if (globalThis) { await 0; }\nexport default () => 1;",
            "class A { [await 'm']() {} }\nexport default () => A;",
            "export default await Promise.resolve(() => 1);",
        ];
        for rule in awaits_at_top_level {
            let b = bundle(rule, None).unwrap();
            assert!(b.source.contains(ASYNC_RULE), "{rule}: {}", b.source);
        }
        // Columns of the first line still map back onto the rule's.
        let b = bundle(awaits_at_top_level[0], None).unwrap();
        let column = b.source.find("const t = await").unwrap() as u32 + 1;
        assert_eq!(b.mapping.locate(1, column), Some((RULE_FILE, 1, 1)));
    }

    #[test]
    fn reports_syntax_errors_with_line_and_column() {
        let err = bundle("export default function (x) {\n  return x +;\n}\n", None).unwrap_err();
        assert_eq!(
            (err.file.as_str(), err.line, err.column),
            (RULE_FILE, 2, 13),
            "{err}"
        );
        let err = bundle("export default () => 1;", Some("export const a = ;")).unwrap_err();
        assert_eq!((err.file.as_str(), err.line), (HELPER_FILE, 1), "{err}");
    }

    #[test]
    fn refuses_other_imports_and_a_missing_default_export() {
        let err = bundle("import fs from 'fs';\nexport default () => 1;", None).unwrap_err();
        assert!(err.message.contains("only its helper"), "{err}");
        let err = bundle("export const a = 1;", None).unwrap_err();
        assert!(err.message.contains("no default export"), "{err}");
    }

    #[test]
    fn rewrites_locations_of_stacks() {
        let b = bundle("\nexport default () => { throw new Error('x') };\n", None).unwrap();
        let text = "Error: x\n    at <anonymous> (function.mjs:2:30)\n    at <anonymous> (function.mjs:999:1)\n";
        assert_eq!(
            b.mapping.rewrite_locations(text),
            "Error: x\n    at <anonymous> (rule.js:2:30)\n"
        );
    }
}
