#!/usr/bin/env bash
# `just test`: every test of the project against real services started here.
#   1. project-local PostgreSQL and Redis for the tests (.data/test, their own ports)
#   2. web: generated GraphQL types and REST client up to date (docs/openapi.json valid), type
#      check, Vitest, production build
#   3. Rust: the rule runtime's Javy plugin (scripts/javy-plugin.sh, skipped when up to date),
#      cargo nextest over the workspace (each database test gets its own database, cloned from
#      a migrated template; queue tests run real worker processes; rule tests run the real
#      Javy plugin in wasmtime)
#   4. browser: the built app served by the real API with a real worker, driven by Playwright
#      in Debian's chromium
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

DATA="$ROOT/.data/test"
PG_PORT=54339
REDIS_PORT=63809
E2E_ADDR=127.0.0.1:18080

# python3: the receivers' callback verifier of docs/examples, run by shared/tests/callback_verifier.rs.
ensure_debian_packages postgresql redis-server chromium curl fonts-dejavu-core python3
PG_EXTRA_OPTS="-c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT"

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/services.sh stop "$DATA"
}
trap cleanup EXIT

export ISTRUTTORIA_TEST_DATABASE_URL="postgres://istruttoria@127.0.0.1:$PG_PORT/postgres"
export ISTRUTTORIA_TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"

say "web: generated types and REST client, type check, lint, unit tests, build"
scripts/web.sh install
(cd web/rest-client && npm run --silent check)
(cd web && npm run --silent codegen:check && npm run --silent typecheck && npm run --silent lint && npm test --silent)
scripts/web.sh build

say "Rust: build and cargo nextest"
# The rule runtime's Javy plugin (skipped when up to date), absolute paths for every test process.
scripts/javy-plugin.sh
scripts/pdfium.sh
export ISTRUTTORIA_JAVY_PLUGIN="$ROOT/.data/javy-plugin/plugin.wasm"
export ISTRUTTORIA_RULE_CACHE_DIR="$ROOT/.data/rule-cache"
cargo build --quiet -p api -p worker
# Compile the plugin for this machine once, before the tests start workers in parallel.
"${CARGO_TARGET_DIR:-$ROOT/target}/debug/worker" rule prepare
cargo nextest run --workspace --all-features --no-fail-fast

say "browser: Playwright against the real API and a real worker"
bin="${CARGO_TARGET_DIR:-$ROOT/target}/debug"
psql -h 127.0.0.1 -p "$PG_PORT" -U istruttoria -d postgres -qc "drop database if exists e2e with (force)" -c "create database e2e" >/dev/null
redis-cli -p "$REDIS_PORT" -n 15 flushdb >/dev/null
export ISTRUTTORIA_DATABASE_URL="postgres://istruttoria@127.0.0.1:$PG_PORT/e2e"
export ISTRUTTORIA_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/15"
export ISTRUTTORIA_HTTP_ADDR="$E2E_ADDR"
export ISTRUTTORIA_WEB_DIST="$ROOT/web/dist"
# GraphiQL on GET /graphql, from the built app (web/e2e/graphiql.spec.ts).
export ISTRUTTORIA_GRAPHIQL=true
export ISTRUTTORIA_ADMIN_EMAIL="admin@e2e.test"
export ISTRUTTORIA_ADMIN_PASSWORD="e2e-admin-password"
export ISTRUTTORIA_JWT_SECRET="e2e-secret-e2e-secret-e2e-secret-e2e"
# E-mails (password reset codes) land in a fresh outbox the browser tests read.
export ISTRUTTORIA_MAIL_OUTBOX_DIR="$DATA/e2e-outbox"
export ISTRUTTORIA_STORAGE_URL="$DATA/e2e-storage"
# The browser tests run their own callback receiver on this machine.
export ISTRUTTORIA_CALLBACK_ALLOWLIST="127.0.0.1"
# Its worker's metrics on a free port (`just up`'s workers may hold 9101…).
export ISTRUTTORIA_WORKER_METRICS_ADDR=127.0.0.1:0
rm -rf "$ISTRUTTORIA_MAIL_OUTBOX_DIR" "$ISTRUTTORIA_STORAGE_URL"
mkdir -p "$DATA/logs" "$ISTRUTTORIA_MAIL_OUTBOX_DIR"
"$bin/api" migrate
"$bin/api" seed-admin >/dev/null
"$bin/api" serve >"$DATA/logs/api.log" 2>&1 & pids+=($!)
"$bin/worker" >"$DATA/logs/worker.log" 2>&1 & pids+=($!)
for _ in $(seq 120); do curl -fsS "http://$E2E_ADDR/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "http://$E2E_ADDR/readyz" >/dev/null || { tail -n 30 "$DATA/logs/api.log"; die "the API did not become ready"; }
(cd web && E2E_BASE_URL="http://$E2E_ADDR" E2E_OUTBOX_DIR="$ISTRUTTORIA_MAIL_OUTBOX_DIR" npm run --silent e2e)
