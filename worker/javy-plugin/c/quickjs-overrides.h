/* Included before every C file of QuickJS (rquickjs-sys), through CFLAGS_wasm32_wasip1 in
 * scripts/javy-plugin.sh.
 *
 * JSON.parse reads every number with strtod (quickjs.c, json_parse_number), and wasi-libc's
 * strtod (musl's) goes through arbitrary-precision decimal arithmetic: ~0.3 µs per number,
 * most of the time QuickJS took to turn a document's words with their boxes into values
 * (docs/benchmarks.md, issue 15). QuickJS's JSON calls it instead with a number it has already
 * checked; istruttoria_strtod (src/strtod.rs) reads it with Rust's correctly rounded parser and
 * hands anything else to the libc's strtod. */
#ifndef ISTRUTTORIA_QUICKJS_OVERRIDES_H
#define ISTRUTTORIA_QUICKJS_OVERRIDES_H
double istruttoria_strtod(const char *text, char **end);
#define strtod istruttoria_strtod

/* QuickJS's computed-goto dispatch (DIRECT_DISPATCH): ~1.2× on bytecode-bound code
 * (docs/benchmarks.md, issue 15). rquickjs-sys's build.rs passes -DEMSCRIPTEN=1 for WASI
 * ("pretend we're emscripten"), and quickjs.c then falls back to its switch. A file included
 * with -include is read after every -D of the command line, so this #undef wins; nothing else
 * QuickJS compiles depends on EMSCRIPTEN (its threads and atomics guards test __wasi__ too). */
#undef EMSCRIPTEN
#endif
