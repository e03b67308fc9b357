# Shared helpers of the project's scripts. Source it: `. "$(dirname "$0")/lib.sh"`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Debian packages the project needs on this machine, installed only when missing.
ensure_debian_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The directory of the newest PostgreSQL server binaries Debian installed.
postgres_bindir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && [ -x "$dir/postgres" ] || die "no PostgreSQL server found under /usr/lib/postgresql"
  echo "$dir"
}

# PostgreSQL refuses to run as root: as root, run its commands as the `postgres` system user.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A throw-away stack for a benchmark, from release builds already made: PostgreSQL and Redis in
# DATA on their own ports (emptied), the API on ADDR and WORKERS workers, stopped on exit.
# Sets STACK_API_PID and STACK_WORKER_PIDS, and exports the stack's settings (admin
# admin@bench.local / bench-admin-password, callbacks allowed to 127.0.0.1).
start_bench_stack() {
  local data="$1" pg_port="$2" redis_port="$3" addr="$4" workers="$5"
  local bin="${CARGO_TARGET_DIR:-$ROOT/target}/release"
  rm -rf "$data/storage" "$data/outbox"
  scripts/services.sh start "$data" "$pg_port" "$redis_port"
  STACK_PIDS=()
  STACK_DATA="$data"
  trap stop_bench_stack EXIT
  psql -h 127.0.0.1 -p "$pg_port" -U istruttoria -d postgres -qc "drop database if exists bench with (force)" -c "create database bench" >/dev/null
  redis-cli -p "$redis_port" flushall >/dev/null
  export ISTRUTTORIA_DATABASE_URL="postgres://istruttoria@127.0.0.1:$pg_port/bench"
  export ISTRUTTORIA_REDIS_URL="redis://127.0.0.1:$redis_port/0"
  export ISTRUTTORIA_HTTP_ADDR="$addr"
  export ISTRUTTORIA_ADMIN_EMAIL="admin@bench.local"
  export ISTRUTTORIA_ADMIN_PASSWORD="bench-admin-password"
  export ISTRUTTORIA_JWT_SECRET="bench-secret-bench-secret-bench-secret"
  export ISTRUTTORIA_STORAGE_URL="$data/storage"
  export ISTRUTTORIA_MAIL_OUTBOX_DIR="$data/outbox"
  export ISTRUTTORIA_CALLBACK_ALLOWLIST=127.0.0.1
  export ISTRUTTORIA_JAVY_PLUGIN="$ROOT/.data/javy-plugin/plugin.wasm"
  export ISTRUTTORIA_RULE_CACHE_DIR="$ROOT/.data/rule-cache"
  export ISTRUTTORIA_PDFIUM_LIBRARY="$ROOT/.data/pdfium/libpdfium.so"
  export RUST_LOG="${RUST_LOG:-warn}"
  # Several workers, and maybe `just up`'s on 9101…: each metrics endpoint on a free port.
  export ISTRUTTORIA_WORKER_METRICS_ADDR=127.0.0.1:0
  mkdir -p "$data/logs"
  "$bin/api" migrate
  "$bin/api" seed-admin >/dev/null
  "$bin/api" serve >"$data/logs/api.log" 2>&1 & STACK_PIDS+=($!)
  STACK_API_PID=$!
  "$bin/worker" rule prepare
  STACK_WORKER_PIDS=()
  for i in $(seq "$workers"); do
    "$bin/worker" >"$data/logs/worker-$i.log" 2>&1 & STACK_PIDS+=($!)
    STACK_WORKER_PIDS+=($!)
  done
  for _ in $(seq 120); do curl -fsS "http://$addr/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
  curl -fsS "http://$addr/readyz" >/dev/null || { tail -n 30 "$data/logs/api.log"; die "the API did not become ready"; }
}

stop_bench_stack() {
  for pid in "${STACK_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/services.sh stop "$STACK_DATA"
}
