#!/usr/bin/env bash
# `just loadtest`: the job queue's own load test, on this machine, in release builds.
#   Starts its own PostgreSQL and Redis (.data/loadtest), then runs worker/examples/queue_load.rs,
#   which, for each W in WORKERS_LIST and C in CONCURRENCY_LIST, starts W worker processes of
#   concurrency C, writes JOBS no-op jobs through the outbox (the product's enqueue path) and
#   prints jobs/s, enqueue→start and enqueue→done latency (p50/p95/p99/max), the idle
#   enqueue→start latency, Redis's peak memory and the CPU of every process. The JSON report
#   goes to .data/loadtest/report.json. Extra arguments go to the load test
#   (e.g. `--payload-bytes 10000`, `--work-us 1000`, `--idle-samples 0`).
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

DATA="$ROOT/.data/loadtest"
PG_PORT=54389
REDIS_PORT=63859

ensure_debian_packages postgresql redis-server
scripts/javy-plugin.sh
scripts/pdfium.sh
say "building the worker and the load test (release)"
cargo build --release --quiet -p worker --bin worker --example queue_load
bin="${CARGO_TARGET_DIR:-$ROOT/target}/release"

# Each run from an empty Redis: one kept from an earlier run reloads its append-only file
# first (a run once failed at once with "BusyLoading"), and its leftover jobs and workers would
# be measured with this run's.
scripts/services.sh stop "$DATA" >/dev/null 2>&1 || true
rm -rf "$DATA/redis"
scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT"
trap 'scripts/services.sh stop "$DATA"' EXIT
psql -h 127.0.0.1 -p "$PG_PORT" -U istruttoria -d postgres -qc "drop database if exists loadtest with (force)" -c "create database loadtest" >/dev/null
export ISTRUTTORIA_DATABASE_URL="postgres://istruttoria@127.0.0.1:$PG_PORT/loadtest"
export ISTRUTTORIA_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export ISTRUTTORIA_STORAGE_URL="$DATA/storage"
export ISTRUTTORIA_MAIL_OUTBOX_DIR="$DATA/outbox"
export ISTRUTTORIA_JAVY_PLUGIN="$ROOT/.data/javy-plugin/plugin.wasm"
export ISTRUTTORIA_RULE_CACHE_DIR="$ROOT/.data/rule-cache"
export ISTRUTTORIA_PDFIUM_LIBRARY="$ROOT/.data/pdfium/libpdfium.so"
"$bin/worker" rule prepare >/dev/null

"$bin/examples/queue_load" --worker-bin "$bin/worker" \
  --workers "${WORKERS_LIST:-1,2,4}" --concurrency "${CONCURRENCY_LIST:-1,4,16}" \
  --jobs "${JOBS:-50000}" --report "$DATA/report.json" --logs "$DATA/logs" \
  --redis-pid "$(cat "$DATA/redis/redis.pid")" \
  --postgres-pid "$(head -n 1 "$DATA/postgres/postmaster.pid")" "$@"
