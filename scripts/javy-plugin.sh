#!/usr/bin/env bash
# Build the Javy plugin of the rule runtime (worker/javy-plugin, QuickJS for wasm32-wasip1) and
# pre-initialise it with Wizer into .data/javy-plugin/plugin.wasm — the file the worker loads
# (ISTRUTTORIA_JAVY_PLUGIN). Incremental: does nothing when the plugin is up to date.
#
# Installs what it needs when missing: the Rust target wasm32-wasip1, the Debian packages for C
# on wasm (clang 19, lld, llvm-ar, wasi-libc, the wasm32 compiler runtime), and makes the WASI SDK
# directory rquickjs-sys expects (.data/wasi-sdk) from them — no download from GitHub.
#
#   scripts/javy-plugin.sh          build when the sources changed
#   scripts/javy-plugin.sh --force  build anyway
#   JAVY_PLUGIN_CARGO_FLAGS=--release  build the pre-initialiser in that profile (default: the
#                                      debug build `just up`/`just test` make anyway)
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

force=0
[ "${1:-}" = "--force" ] && force=1

CRATE="$ROOT/worker/javy-plugin"
OUT_DIR="$ROOT/.data/javy-plugin"
OUT="$OUT_DIR/plugin.wasm"
STAMP="$OUT_DIR/plugin.stamp"
SDK="$ROOT/.data/wasi-sdk"
PLUGIN_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}/javy-plugin"

# What the plugin's bytes depend on: its crate, its lock file, its build settings
# (.cargo/config.toml: SIMD), the rules' standard library (worker/rule-stdlib), the pre-initialiser (its source and the locked wasmtime/wizer
# versions of the workspace) and the compiler.
stamp() {
  {
    (cd "$CRATE" && find . -path ./target -prune -o -type f \( -name '*.rs' -o -name '*.js' -o -name '*.h' -o -name 'Cargo.*' \) -print \
      | LC_ALL=C sort | xargs sha256sum)
    (cd "$ROOT" && sha256sum worker/src/bin/javy-plugin-init.rs worker/rule-stdlib/Cargo.toml worker/rule-stdlib/src/*.rs)
    (cd "$CRATE" && sha256sum .cargo/config.toml)
    grep -A1 -E '^name = "(wasmtime|wasmtime-wizer|wasmtime-wasi)"$' "$ROOT/Cargo.lock"
    rustc --version
  } | sha256sum | cut -d' ' -f1
}

current="$(stamp)"
if [ "$force" -eq 0 ] && [ -f "$OUT" ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$current" ]; then
  exit 0
fi

say "Javy plugin: building (QuickJS for wasm32-wasip1)"
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
ensure_debian_packages clang-19 lld-19 llvm-19 wasi-libc libclang-rt-19-dev-wasm32

# The WASI SDK layout rquickjs-sys looks for, made from Debian's packages. clang 19 looks for
# `wasm32-wasip1` where Debian ships `wasm32-wasi`.
mkdir -p "$SDK/bin" "$SDK/share/wasi-sysroot/include" "$SDK/share/wasi-sysroot/lib"
printf '#!/bin/sh\nexec /usr/bin/clang-19 "$@"\n' > "$SDK/bin/clang"
chmod +x "$SDK/bin/clang"
ln -sfn /usr/bin/llvm-ar-19 "$SDK/bin/ar"
for triple in wasm32-wasi wasm32-wasip1; do
  ln -sfn /usr/include/wasm32-wasi "$SDK/share/wasi-sysroot/include/$triple"
  ln -sfn /usr/lib/wasm32-wasi "$SDK/share/wasi-sysroot/lib/$triple"
done

# QuickJS's C files are compiled with c/quickjs-overrides.h included first (see there why).
(
  cd "$CRATE"
  WASI_SDK="$SDK" LIBCLANG_PATH=/usr/lib/llvm-19/lib CARGO_TARGET_DIR="$PLUGIN_TARGET_DIR" \
    CFLAGS_wasm32_wasip1="-include $CRATE/c/quickjs-overrides.h" \
    cargo build --quiet --locked --release --target wasm32-wasip1
)
raw="$PLUGIN_TARGET_DIR/wasm32-wasip1/release/istruttoria_javy_plugin.wasm"
[ -f "$raw" ] || die "the plugin build produced no $raw"

say "Javy plugin: pre-initialising with Wizer"
mkdir -p "$OUT_DIR"
# shellcheck disable=SC2086 # the flags are words
cargo run --quiet ${JAVY_PLUGIN_CARGO_FLAGS:-} -p worker --bin javy-plugin-init -- "$raw" "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$current" > "$STAMP"
say "Javy plugin: $OUT ($(du -h "$OUT" | cut -f1))"
