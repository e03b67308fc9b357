#!/usr/bin/env bash
# `just bench-pipeline`: the whole pipeline under load, on this machine, in release builds.
#   Starts its own PostgreSQL and Redis (.data/bench), the API and WORKERS workers (default 2,
#   allowed to call back 127.0.0.1), then runs api/examples/loadtest.rs, which imports
#   DOSSIERS dossiers of DOCUMENTS text PDFs each and reports throughput and the
#   import-to-callback time (p50/p95/max). Extra arguments go to the load test (e.g.
#   `--what-if 1000`: then time "what if" runs over the latest 1,000 documents and dossiers).
#   Then prints where a dossier's time goes, step by step (median over the dossiers).
. "$(dirname "$0")/lib.sh"
cd "$ROOT"

DATA="$ROOT/.data/bench"
PG_PORT=54379
REDIS_PORT=63849
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

# Where a dossier's time goes, step by step (median over the dossiers, in ms): from the import
# request to the import job's documents, to the last document extracted, to the last document's
# rules, to the last dossier rule, to the callback.
say "the spread over the steps (median ms over the dossiers)"
psql "$ISTRUTTORIA_DATABASE_URL" -q <<'SQL'
with steps as (
  select d.id,
    d.created_at as requested,
    (select min(l.created_at) from document_logs l join documents x on x.id = l.document_id
      where x.dossier_id = d.id and l.event = 'importato') as imported,
    (select max(l.created_at) from document_logs l join documents x on x.id = l.document_id
      where x.dossier_id = d.id and l.event like 'estratto%') as extracted,
    (select max(l.created_at) from document_logs l join documents x on x.id = l.document_id
      where x.dossier_id = d.id and l.event like 'regole eseguite%') as document_rules,
    (select max(e.finished_at) from dossier_rule_executions e where e.dossier_id = d.id) as dossier_rules,
    (select min(c.created_at) from dossier_callbacks c where c.dossier_id = d.id) as callback
  from dossiers d
), ms as (
  select extract(epoch from imported - requested) * 1000 as import_job,
    extract(epoch from extracted - imported) * 1000 as extraction,
    extract(epoch from document_rules - extracted) * 1000 as document_rules,
    extract(epoch from dossier_rules - document_rules) * 1000 as dossier_rules,
    extract(epoch from callback - dossier_rules) * 1000 as callback,
    extract(epoch from callback - requested) * 1000 as total
  from steps where callback is not null
)
select count(*) as dossiers,
  round(percentile_cont(0.5) within group (order by import_job)::numeric) as "request→imported",
  round(percentile_cont(0.5) within group (order by extraction)::numeric) as "→last extracted",
  round(percentile_cont(0.5) within group (order by document_rules)::numeric) as "→last document rules",
  round(percentile_cont(0.5) within group (order by dossier_rules)::numeric) as "→dossier rules",
  round(percentile_cont(0.5) within group (order by callback)::numeric) as "→callback recorded",
  round(percentile_cont(0.5) within group (order by total)::numeric) as total
from ms;
SQL
