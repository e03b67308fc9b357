#!/usr/bin/env bash
# `just faults [SCENARIO…]`: the fault suite. For each scenario (all by default), a fresh stack
# of release builds — PostgreSQL, Redis, the API and 2 workers, own data under .data/faults —
# takes a steady import load of real PDFs (api/examples/faults.rs: one dossier of 5 contracts a
# second for 30 s), the fault strikes 8 s in, and the driver then checks that every dossier
# ended in a final state with one set of documents, executions and callbacks and no job left
# unfinished, and prints how long recovery took. The table goes to .data/faults/report.md
# (docs/faults.md records a run).
#
#   scripts/faults.sh inject SCENARIO   (used by the driver) strikes, printing `fault` when it does
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

DATA="$ROOT/.data/faults"
PG_PORT=54359
REDIS_PORT=63829
ADDR=127.0.0.1:18091
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release"
ALL=(worker-kill-extraction worker-kill-rules redis-restart redis-wipe postgres-restart api-kill storage-unavailable)

# Kills worker 1 (SIGKILL) while it holds a job of a queue matching the pattern, within 30 s.
# apalis-redis keeps a worker's jobs in flight in a set named after the queue and the worker,
# whose name holds the process id (`worker::jobs::worker_identity`); Redis deletes a set when it
# empties. The worker is frozen (SIGSTOP) and the set looked at again before the kill, so that
# a job finishing in between cannot make the kill miss it.
kill_worker_holding() {
  local pid="$FAULTS_WORKER_PID"
  holds() { redis-cli -p "$REDIS_PORT" --scan --pattern '*inflight*' | grep -Eq "$1.*:$pid-"; }
  for _ in $(seq 600); do
    if holds "$1"; then
      kill -STOP "$pid"
      if holds "$1"; then
        kill -KILL "$pid"; echo fault
        return 0
      fi
      kill -CONT "$pid"
    fi
    sleep 0.05
  done
  die "worker 1 held no job of $1 within 30 s"
}

inject() {
  case "$1" in
    worker-kill-extraction)
      kill_worker_holding "extract" ;;
    worker-kill-rules)
      kill_worker_holding "dossier-rules" ;;
    redis-restart)
      # SHUTDOWN writes the append-only file out; Redis comes back with its data 3 s later.
      redis-cli -p "$REDIS_PORT" shutdown >/dev/null 2>&1 || true; echo fault
      sleep 3
      scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT" 2>/dev/null ;;
    redis-wipe)
      redis-cli -p "$REDIS_PORT" flushall >/dev/null; echo fault ;;
    postgres-restart)
      as_postgres "$(postgres_bindir)/pg_ctl" -D "$DATA/postgres" -m fast -w stop >/dev/null; echo fault
      sleep 3
      scripts/services.sh start "$DATA" "$PG_PORT" "$REDIS_PORT" 2>/dev/null ;;
    api-kill)
      # Killed three times, 2 s apart, under more frequent imports (a one-document dossier every
      # 50 ms): requests committed but unanswered, others cut off. A new API process starts at
      # once each time (as a supervisor would).
      # Each time the API is frozen (SIGSTOP) for 300 ms first, so that requests are in its
      # hands when it dies.
      local pid="$FAULTS_API_PID" round
      for round in 1 2 3; do
        kill -STOP "$pid"; [ "$round" = 1 ] && echo fault
        sleep 0.3
        kill -KILL "$pid"
        setsid "$BIN/api" serve >>"$DATA/logs/api-$round.log" 2>&1 < /dev/null &
        pid=$!; echo "$pid" > "$DATA/api-2.pid"
        sleep 2
      done ;;
    storage-unavailable)
      # The storage directory replaced by a file for 10 s: every read and write fails (as root,
      # permissions cannot make it unwritable).
      mv "$DATA/storage" "$DATA/storage.away"; touch "$DATA/storage"; echo fault
      sleep 10
      rm "$DATA/storage"; mv "$DATA/storage.away" "$DATA/storage" ;;
    *) die "unknown scenario: $1 (known: ${ALL[*]})" ;;
  esac
}

if [ "${1:-}" = inject ]; then
  inject "$2"
  exit 0
fi

SCENARIOS=("$@")
[ ${#SCENARIOS[@]} -gt 0 ] || SCENARIOS=("${ALL[@]}")
for scenario in "${SCENARIOS[@]}"; do
  [[ " ${ALL[*]} " == *" $scenario "* ]] || die "unknown scenario: $scenario (known: ${ALL[*]})"
done

ensure_debian_packages postgresql redis-server curl
scripts/javy-plugin.sh
scripts/pdfium.sh
say "building api, worker and the fault driver (release)"
cargo build --release --quiet -p api -p worker --bins --example faults

REPORT="$DATA/report.md"
mkdir -p "$DATA"
{
  echo "| scenario | dossiers | imports refused | dossiers lost | stuck | with duplicates | jobs unfinished | recovery s | usual s |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$REPORT"
failed=0
for scenario in "${SCENARIOS[@]}"; do
  say "scenario: $scenario"
  rm -rf "$DATA/storage.away" "$DATA/logs"
  start_bench_stack "$DATA" "$PG_PORT" "$REDIS_PORT" "$ADDR" 2
  export FAULTS_API_PID="$STACK_API_PID" FAULTS_WORKER_PID="${STACK_WORKER_PIDS[0]}" BIN DATA
  rm -f "$DATA/api-2.pid"
  load=()
  [ "$scenario" = api-kill ] && load=(--every-ms 50 --documents 1)
  # A scan per dossier: extractions long enough (OCR) for the kill to find one running.
  [ "$scenario" = worker-kill-extraction ] && load=(--scanned 1)
  # A dossier rule of 100 ms per item: runs long enough for the kill to find one running.
  [ "$scenario" = worker-kill-rules ] && load=(--slow-rule-ms 100)
  if "$BIN/examples/faults" --url "http://$ADDR" --scenario "$scenario" "${load[@]}" \
      --fault "$ROOT/scripts/faults.sh inject $scenario" >>"$REPORT"; then
    :
  else
    failed=1
    echo "| $scenario | failed: see $DATA/logs-$scenario | | | | | | | |" >>"$REPORT"
  fi
  [ -f "$DATA/api-2.pid" ] && kill -TERM "$(cat "$DATA/api-2.pid")" 2>/dev/null || true
  stop_bench_stack
  trap - EXIT
  rm -rf "$DATA/logs-$scenario"; mv "$DATA/logs" "$DATA/logs-$scenario"
done
say "fault suite done: $REPORT"
cat "$REPORT"
exit "$failed"
