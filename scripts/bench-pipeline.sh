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
bin="${CARGO_TARGET_DIR:-$ROOT/target}/release"

rm -rf "$DATA/storage" "$DATA/outbox"
scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/services.sh stop "$DATA"
}
trap cleanup EXIT

psql -h 127.0.0.1 -p "$PG_PORT" -U istruttoria -d postgres -qc "drop database if exists bench with (force)" -c "create database bench" >/dev/null
redis-cli -p "$REDIS_PORT" flushall >/dev/null
export ISTRUTTORIA_DATABASE_URL="postgres://istruttoria@127.0.0.1:$PG_PORT/bench"
export ISTRUTTORIA_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export ISTRUTTORIA_HTTP_ADDR="$ADDR"
export ISTRUTTORIA_ADMIN_EMAIL="admin@bench.local"
export ISTRUTTORIA_ADMIN_PASSWORD="bench-admin-password"
export ISTRUTTORIA_JWT_SECRET="bench-secret-bench-secret-bench-secret"
export ISTRUTTORIA_STORAGE_URL="$DATA/storage"
export ISTRUTTORIA_MAIL_OUTBOX_DIR="$DATA/outbox"
export ISTRUTTORIA_CALLBACK_ALLOWLIST=127.0.0.1
export ISTRUTTORIA_JAVY_PLUGIN="$ROOT/.data/javy-plugin/plugin.wasm"
export ISTRUTTORIA_RULE_CACHE_DIR="$ROOT/.data/rule-cache"
export ISTRUTTORIA_PDFIUM_LIBRARY="$ROOT/.data/pdfium/libpdfium.so"
export RUST_LOG="${RUST_LOG:-warn}"
mkdir -p "$DATA/logs"
"$bin/api" migrate
"$bin/api" seed-admin >/dev/null
"$bin/api" serve >"$DATA/logs/api.log" 2>&1 & pids+=($!)
"$bin/worker" rule prepare
for i in $(seq "$WORKERS"); do
  "$bin/worker" >"$DATA/logs/worker-$i.log" 2>&1 & pids+=($!)
done
for _ in $(seq 120); do curl -fsS "http://$ADDR/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "http://$ADDR/readyz" >/dev/null || { tail -n 30 "$DATA/logs/api.log"; die "the API did not become ready"; }

say "load test: $WORKERS workers"
"$bin/examples/loadtest" --url "http://$ADDR" \
  --dossiers "${DOSSIERS:-5}" --documents "${DOCUMENTS:-50}" "$@"
