#!/usr/bin/env bash
# `just bench-lists`: every list of the operations area at volume, measured through GraphQL.
#   Starts its own PostgreSQL and Redis (.data/volume), seeds once (scripts/seed-volume.sql:
#   DOSSIERS dossiers, default 100,000, × 10 documents × 50 dossier rule executions, and a rule
#   log per document), starts the API (PROFILE=release by default, PROFILE=debug to reuse the
#   test build) and times each sort and filter of each list (scripts/bench_lists.py): p50/p99 ms.
#   RESEED=1 drops the data and seeds again.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

DATA="$ROOT/.data/volume"
PG_PORT=54369
REDIS_PORT=63839
ADDR=127.0.0.1:18091
PROFILE="${PROFILE:-release}"
DOSSIERS="${DOSSIERS:-100000}"

ensure_debian_packages postgresql redis-server curl python3
if [ "$PROFILE" = release ]; then cargo build --release --quiet -p api; else cargo build --quiet -p api; fi
bin="${CARGO_TARGET_DIR:-$ROOT/target}/$PROFILE"

scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/services.sh stop "$DATA"
}
trap cleanup EXIT

psql_volume() { psql -h 127.0.0.1 -p "$PG_PORT" -U istruttoria "$@"; }
if [ "${RESEED:-0}" = 1 ]; then psql_volume -d postgres -qc "drop database if exists volume with (force)" >/dev/null; fi
fresh=0
if ! psql_volume -d postgres -tAc "select 1 from pg_database where datname = 'volume'" | grep -q 1; then
  psql_volume -d postgres -qc "create database volume" >/dev/null
  fresh=1
fi
export ISTRUTTORIA_DATABASE_URL="postgres://istruttoria@127.0.0.1:$PG_PORT/volume"
export ISTRUTTORIA_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export ISTRUTTORIA_HTTP_ADDR="$ADDR"
export ISTRUTTORIA_ADMIN_EMAIL="admin@volume.local"
export ISTRUTTORIA_ADMIN_PASSWORD="volume-admin-password"
export ISTRUTTORIA_JWT_SECRET="volume-secret-volume-secret-volume-secret"
export ISTRUTTORIA_STORAGE_URL="$DATA/storage"
export ISTRUTTORIA_MAIL_OUTBOX_DIR="$DATA/outbox"
export RUST_LOG="${RUST_LOG:-warn}"
mkdir -p "$DATA/logs"
"$bin/api" migrate
"$bin/api" seed-admin >/dev/null || true
if [ "$fresh" = 1 ]; then
  say "seeding $DOSSIERS dossiers (×10 documents, ×50 rule executions); this takes minutes"
  time psql_volume -d volume -q -v dossiers="$DOSSIERS" -v documents_per=10 -v executions_per=50 -f scripts/seed-volume.sql
fi
psql_volume -d volume -tAc "select 'rows: dossiers ' || (select count(*) from dossiers) || ', documents ' || (select count(*) from documents) || ', dossier rule executions ' || (select count(*) from dossier_rule_executions) || ', rule logs ' || (select count(*) from rule_execution_logs)"

"$bin/api" serve >"$DATA/logs/api.log" 2>&1 & pids+=($!)
for _ in $(seq 120); do curl -fsS "http://$ADDR/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
python3 scripts/bench_lists.py "http://$ADDR" "$ISTRUTTORIA_ADMIN_EMAIL" "$ISTRUTTORIA_ADMIN_PASSWORD" "$@"
