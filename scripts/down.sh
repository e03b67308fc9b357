#!/usr/bin/env bash
# `just down`: stop a stack started with `just up --detach`.
. "$(dirname "$0")/lib.sh"
DATA="$ROOT/.data/dev"
for pidfile in "$DATA"/run/*.pid; do
  [ -f "$pidfile" ] || continue
  kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
done
for pidfile in "$DATA"/run/*.pid; do
  [ -f "$pidfile" ] || continue
  pid="$(cat "$pidfile")"
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$pidfile"
done
"$ROOT/scripts/services.sh" stop "$DATA"
