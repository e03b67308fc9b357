#!/usr/bin/env bash
# `just hostile-figures`: what the hostile probes of issue 16 cost the API and a worker (peak
# memory, CPU seconds), now that each is bounded; release builds, own PostgreSQL and Redis
# (.data/hostile). The table goes to docs/hardening.md by hand. `just hostile-figures WORDS` runs
# only the probes whose name contains WORDS (e.g. "download").
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_debian_packages postgresql redis-server curl python3
scripts/javy-plugin.sh
scripts/pdfium.sh
say "building api and worker (release)"
cargo build --release --quiet -p api -p worker --bins
start_bench_stack "$ROOT/.data/hostile" 54369 63839 127.0.0.1:18091 1

say "hostile probes, one at a time"
python3 scripts/hostile_figures.py http://127.0.0.1:18091 "$ISTRUTTORIA_ADMIN_EMAIL" \
  "$ISTRUTTORIA_ADMIN_PASSWORD" "$STACK_API_PID" "${STACK_WORKER_PIDS[0]}" "$@"
