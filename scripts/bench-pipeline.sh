#!/usr/bin/env bash
# `just bench-pipeline`: the whole pipeline under load, on this machine, in release builds.
#   Starts its own PostgreSQL and Redis (.data/bench), the API and WORKERS workers (default 2,
#   allowed to call back 127.0.0.1), then runs api/examples/loadtest.rs, which imports
#   DOSSIERS dossiers of DOCUMENTS text PDFs each and reports throughput and the
#   import-to-callback time (p50/p95/max). Extra arguments go to the load test (e.g.
#   `--what-if 1000`: then time "what if" runs over the latest 1,000 documents and dossiers).
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

DATA="$ROOT/.data/bench"
PG_PORT=54349
REDIS_PORT=63819
ADDR=127.0.0.1:18090
WORKERS="${WORKERS:-2}"

ensure_debian_packages postgresql redis-server curl
scripts/javy-plugin.sh
scripts/pdfium.sh
say "building api, worker and the load test (release)"
cargo build --release --quiet -p api -p worker --bins --example loadtest
start_bench_stack "$DATA" "$PG_PORT" "$REDIS_PORT" "$ADDR" "$WORKERS"

say "load test: $WORKERS workers"
"${CARGO_TARGET_DIR:-$ROOT/target}/release/examples/loadtest" --url "http://$ADDR" \
  --dossiers "${DOSSIERS:-5}" --documents "${DOCUMENTS:-50}" "$@"
