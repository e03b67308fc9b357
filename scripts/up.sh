#!/usr/bin/env bash
# `just up`: set up what is missing, build, start PostgreSQL, Redis, the API and the workers, and
# print the address and the first administrator's credentials.
#
#   just up              in the foreground; Ctrl-C stops every process it started
#   just up --detach     in the background; `just down` stops it
#   WORKERS=n just up    n worker processes (default 2)
#
# Worker i serves its Prometheus metrics on 127.0.0.1:(9100 + i)/metrics (docs/metrics.md).
# A worker that dies (a crash, a kill) is started again and says so in its log, after a pause
# that doubles while it keeps dying within a minute (1 s, 2 s, … 60 s): a crash loop waits
# instead of spinning.
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

detach=0
for arg in "$@"; do
  case "$arg" in
    --detach|-d) detach=1 ;;
    *) die "unknown option $arg (known: --detach)" ;;
  esac
done
workers="${WORKERS:-2}"
[[ "$workers" =~ ^[0-9]+$ ]] && [ "$workers" -ge 1 ] || die "WORKERS must be a number ≥ 1"

DATA="$ROOT/.data/dev"
RUN="$DATA/run"
PG_PORT=54329
REDIS_PORT=63799
mkdir -p "$RUN" "$DATA/logs"

[ -f "$RUN/api.pid" ] && kill -0 "$(cat "$RUN/api.pid")" 2>/dev/null \
  && die "a stack is already running (pid $(cat "$RUN/api.pid")): \`just down\` stops it"

scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT"
# GraphiQL (off by default in production: an explorer needs no place there) on the development stack.
export ISTRUTTORIA_GRAPHIQL="${ISTRUTTORIA_GRAPHIQL:-true}"
export ISTRUTTORIA_DATABASE_URL="${ISTRUTTORIA_DATABASE_URL:-postgres://istruttoria@127.0.0.1:$PG_PORT/istruttoria}"
export ISTRUTTORIA_REDIS_URL="${ISTRUTTORIA_REDIS_URL:-redis://127.0.0.1:$REDIS_PORT/0}"
export ISTRUTTORIA_HTTP_ADDR="${ISTRUTTORIA_HTTP_ADDR:-127.0.0.1:8080}"
export ISTRUTTORIA_WEB_DIST="$ROOT/web/dist"
# The key access tokens are signed with: made once, kept with the data, never committed.
if [ ! -s "$DATA/jwt-secret" ]; then
  (umask 077 && head -c 48 /dev/urandom | base64 | tr -d '\n' > "$DATA/jwt-secret")
fi
export ISTRUTTORIA_JWT_SECRET="${ISTRUTTORIA_JWT_SECRET:-$(cat "$DATA/jwt-secret")}"
# Without ISTRUTTORIA_SMTP_URL e-mails (e.g. password reset codes) are .eml files here.
export ISTRUTTORIA_MAIL_OUTBOX_DIR="${ISTRUTTORIA_MAIL_OUTBOX_DIR:-$DATA/outbox}"
# Archives, PDFs and extraction output (a directory unless set to s3://…).
export ISTRUTTORIA_STORAGE_URL="${ISTRUTTORIA_STORAGE_URL:-$DATA/storage}"

scripts/web.sh build
scripts/javy-plugin.sh
scripts/pdfium.sh
export ISTRUTTORIA_JAVY_PLUGIN="${ISTRUTTORIA_JAVY_PLUGIN:-$ROOT/.data/javy-plugin/plugin.wasm}"
export ISTRUTTORIA_RULE_CACHE_DIR="${ISTRUTTORIA_RULE_CACHE_DIR:-$ROOT/.data/rule-cache}"
say "building the API and the worker"
cargo build --quiet -p api -p worker
bin="${CARGO_TARGET_DIR:-$ROOT/target}/debug"
"$bin/worker" rule prepare >/dev/null

"$bin/api" migrate
admin="$("$bin/api" seed-admin)"

# Runs a command again whenever it exits, until this shell is told to stop (TERM or INT), which
# it passes on to the command before waiting for its end.
supervise() { # name, command…
  local name="$1"; shift
  local child="" stopping=0 delay=1 started status how
  trap 'stopping=1; [ -n "$child" ] && kill -TERM "$child" 2>/dev/null' TERM INT
  while :; do
    started=$SECONDS
    "$@" &
    child=$!
    # `wait` returns early when a signal is trapped: wait again until the command has ended.
    status=0
    wait "$child" || status=$?
    while kill -0 "$child" 2>/dev/null; do wait "$child" || status=$?; done
    [ "$stopping" -eq 1 ] && return 0
    if [ "$status" -gt 128 ]; then how="signal $((status - 128))"; else how="status $status"; fi
    # A worker that ran a minute or more starts again at once-ish; one dying young waits longer.
    if [ $((SECONDS - started)) -ge 60 ]; then delay=1; fi
    printf '%s exited with %s, restarting in %s s\n' "${name/-/ }" "$how" "$delay" >&2
    sleep "$delay" & child=$!
    wait "$child" || true
    [ "$stopping" -eq 1 ] && return 0
    delay=$((delay * 2 > 60 ? 60 : delay * 2))
  done
}

pids=()
start() { # name, command…
  local name="$1"; shift
  if [ "$detach" -eq 1 ]; then
    if [ "$(type -t "$1")" = function ]; then
      # nohup runs programs only: a function runs in a subshell that ignores hang-ups.
      (trap '' HUP; "$@") </dev/null >"$DATA/logs/$name.log" 2>&1 &
    else
      nohup "$@" >"$DATA/logs/$name.log" 2>&1 &
    fi
  else
    # The prefixer ignores Ctrl-C so that it still shows the process's shutdown lines.
    "$@" > >(trap '' INT; exec sed -u "s/^/[$name] /") 2>&1 &
  fi
  pids+=($!)
  echo $! > "$RUN/$name.pid"
}

stop_all() {
  trap - INT TERM
  say "stopping the API and the workers"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -f "$RUN"/*.pid
  scripts/services.sh stop "$DATA"
  exit 0
}

if [ "$detach" -eq 0 ]; then trap stop_all INT TERM; fi
start api "$bin/api" serve
# Each worker its own metrics port: 9101, 9102, …
metrics_urls=()
for i in $(seq "$workers"); do
  metrics_addr="127.0.0.1:$((9100 + i))"
  metrics_urls+=("http://$metrics_addr/metrics")
  start "worker-$i" supervise "worker-$i" env ISTRUTTORIA_WORKER_METRICS_ADDR="$metrics_addr" "$bin/worker"
done

url="http://$ISTRUTTORIA_HTTP_ADDR"
for _ in $(seq 120); do curl -fsS "$url/readyz" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "$url/readyz" >/dev/null || { [ "$detach" -eq 0 ] && stop_all; die "the API did not become ready at $url/readyz"; }

cat <<MSG

  Istruttoria is running at  $url
  GraphQL (GraphiQL):        $url/graphql
  REST API (Swagger UI):     $url/swagger
  E-mail outbox:             $([ -n "${ISTRUTTORIA_SMTP_URL:-}" ] && echo "SMTP (ISTRUTTORIA_SMTP_URL)" || echo "$ISTRUTTORIA_MAIL_OUTBOX_DIR")
  $admin
  Worker metrics:            ${metrics_urls[*]}
  Workers: $workers.  $([ "$detach" -eq 1 ] && echo "Logs in .data/dev/logs; \`just down\` stops everything." || echo "Ctrl-C stops everything.")

MSG
if [ "$detach" -eq 0 ]; then wait; fi
