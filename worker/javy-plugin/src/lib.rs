//! The Javy plugin (QuickJS runtime for wasm32-wasip1) the rule modules link against.
//!
//! Rule modules produced by javy-codegen with dynamic linking import `invoke`, `cabi_realloc`
//! and `memory` from the namespace below; `initialize-runtime` runs once, at build time, under
//! Wizer, so that every instantiation starts from a ready QuickJS runtime (copy-on-write image).

mod io;
mod json;
mod regexp;
mod stdlib;
mod strtod;

use std::cell::OnceCell;
use std::ffi::CString;

use javy_plugin_api::javy::quickjs::{Context, Ctx, Error, Function, Object, Result, qjs};
use javy_plugin_api::{Config, import_namespace, javy::Runtime};

// Bump the `v` suffix on an incompatible change of the plugin's imports/exports. Any change of
// the plugin's bytes already invalidates the cached rule modules (they are keyed by its hash).
import_namespace!("istruttoria_rules_v1");

fn config() -> Config {
    let mut config = Config::default();
    // Async rules: module evaluation and the promise of the default export run to completion.
    config.event_loop(true);
    config
        // The harness reads and writes through `io` (src/io.rs), not Javy.IO.
        .javy_stream_io(false)
        .text_encoding(true)
        // Nothing but the harness may write to stdout.
        .redirect_stdout_to_stderr(true);
    config
}

thread_local! {
    /// The runtime's context, for `prepare-input` (javy keeps the runtime to itself).
    static CONTEXT: OnceCell<Context> = const { OnceCell::new() };
}

fn modify_runtime(runtime: Runtime) -> Runtime {
    CONTEXT.with(|context| context.set(runtime.context().clone()).ok());
    runtime
        .context()
        .with(|ctx| {
            io::install(&ctx)?;
            stdlib::install(&ctx)?;
            eval_script(&ctx, "harness", include_str!("harness.js"))?;
            regexp::install(&ctx)
        })
        .expect("installing the harness and the fast regular expressions");
    runtime
}

/// Evaluates one of the plugin's scripts; its stack frames read `istruttoria:<name>:line:col`
/// (the runtime leaves them out of the stacks it reports). Compiled, written without its
/// source text and read back before it runs: QuickJS keeps a copy of each function's source
/// (for `toString`), which would spread the objects executions touch over more pages of the
/// pre-initialised heap.
pub(crate) fn eval_script(ctx: &Ctx<'_>, name: &str, source: &str) -> Result<()> {
    let raw = ctx.as_raw().as_ptr();
    let filename = CString::new(format!("istruttoria:{name}")).expect("no NUL in a name");
    let text = CString::new(source).expect("no NUL in a script");
    // SAFETY: QuickJS calls on this context; every value made is freed or handed on once.
    unsafe {
        let compiled = qjs::JS_Eval(
            raw,
            text.as_ptr(),
            source.len() as _,
            filename.as_ptr(),
            (qjs::JS_EVAL_TYPE_GLOBAL | qjs::JS_EVAL_FLAG_COMPILE_ONLY) as i32,
        );
        if qjs::JS_IsException(compiled) {
            return Err(Error::Exception);
        }
        let mut size = 0;
        let bytes = qjs::JS_WriteObject(
            raw,
            &mut size,
            compiled,
            (qjs::JS_WRITE_OBJ_BYTECODE | qjs::JS_WRITE_OBJ_STRIP_SOURCE) as i32,
        );
        qjs::JS_FreeValue(raw, compiled);
        if bytes.is_null() {
            return Err(Error::Exception);
        }
        let function = qjs::JS_ReadObject(raw, bytes, size, qjs::JS_READ_OBJ_BYTECODE as i32);
        qjs::js_free(raw, bytes.cast());
        if qjs::JS_IsException(function) {
            return Err(Error::Exception);
        }
        let result = qjs::JS_EvalFunction(raw, function);
        if qjs::JS_IsException(result) {
            return Err(Error::Exception);
        }
        qjs::JS_FreeValue(raw, result);
    }
    Ok(())
}

#[unsafe(export_name = "initialize-runtime")]
pub extern "C" fn initialize_runtime() {
    javy_plugin_api::initialize_runtime(config, modify_runtime)
        .expect("initialising the Javy runtime");
}

/// Parses every member of the input on stdin and keeps the values for the rule that will run
/// in a copy of this instance's memory (`prepare` in harness.js; the worker's
/// `RuleRuntime::prepare`): a document's members read by several of its rules are parsed once.
#[unsafe(export_name = "prepare-input")]
pub extern "C" fn prepare_input() {
    let prepared = CONTEXT.with(|context| {
        context.get().map(|context| {
            context.with(|ctx| {
                let harness: Object = ctx.globals().get("__istruttoria_harness")?;
                let prepare: Function = harness.get("prepare")?;
                prepare.call::<_, ()>(())
            })
        })
    });
    // The worker reads the outcome on stdout; without it, it runs the rules unprepared. The
    // memory is copied into other stores: it must hold none of this store's regex handles.
    if !matches!(prepared, Some(Ok(()))) || !regexp::unused() {
        std::process::abort();
    }
}
