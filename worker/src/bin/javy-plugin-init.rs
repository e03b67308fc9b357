//! `javy-plugin-init RAW.wasm OUT.wasm`: pre-initialises the Javy plugin with Wizer.
//!
//! Javy's own `init-plugin` is a CLI command, not a crates.io crate; this is its ~20 lines with
//! `wasmtime-wizer`: instantiate the raw plugin with WASI, run its `initialize-runtime` export
//! (which builds the QuickJS runtime and its intrinsics), and snapshot the memory into a new
//! module, so that every instantiation starts from a ready runtime. `initialize-runtime` stays
//! exported, as in Javy's own plugins. The runtime checks the plugin's other exports when it
//! loads it (`rules::plugin::check_exports`).
//!
//! A separate binary of the worker crate rather than a `worker` subcommand: it is a build tool
//! (only `scripts/javy-plugin.sh` runs it), and it reuses the wasmtime the worker already
//! builds, so it costs no extra compilation.

use anyhow::{Context, bail};
use wasmtime::{Engine, Linker, Store};
use wasmtime_wasi::WasiCtxBuilder;
use wasmtime_wizer::Wizer;

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        bail!("usage: javy-plugin-init RAW.wasm OUT.wasm");
    };
    let wasm = std::fs::read(input).with_context(|| format!("reading {input}"))?;
    let engine = Engine::default();
    let wasi = WasiCtxBuilder::new().inherit_stderr().build_p1();
    let mut store = Store::new(&engine, wasi);
    let initialised = Wizer::new()
        .init_func("initialize-runtime")
        .keep_init_func(true)
        .run(&mut store, &wasm, async |store, module| {
            let mut linker = Linker::new(store.engine());
            wasmtime_wasi::p1::add_to_linker_async(&mut linker, |cx| cx)?;
            linker.define_unknown_imports_as_traps(module)?;
            linker.instantiate_async(store, module).await
        })
        .await
        .map_err(|e| anyhow::anyhow!("pre-initialising {input}: {e:#}"))?;
    // Refuse to write something that is not a valid module.
    wasmtime::Module::validate(&engine, &initialised)
        .map_err(|e| anyhow::anyhow!("validating the result: {e:#}"))?;
    std::fs::write(output, &initialised).with_context(|| format!("writing {output}"))?;
    Ok(())
}
