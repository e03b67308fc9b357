# Istruttoria — the commands of the project. `just` lists them.
set shell := ["bash", "-euo", "pipefail", "-c"]

# List the recipes.
default:
    @just --list

# Set up what is missing, build, start PostgreSQL, Redis, the API and the workers (WORKERS=n, default 2); `--detach` runs in the background.
up *FLAGS:
    scripts/up.sh {{FLAGS}}

# Stop a stack started with `just up --detach`.
down:
    scripts/down.sh

# Every test: Rust (cargo nextest), web unit (Vitest), browser end-to-end (Playwright on Debian's chromium).
test:
    scripts/test.sh

# Benchmarks of the worker (figures in docs/benchmarks.md), not part of `just test`: worker/benches/rules.rs (compilation, trivial and realistic rule) and documents.rs (documents through all their rules), criterion + a summary each; extraction.rs (a document extracted in process vs in the contained child process). A first argument `rules`, `documents` or `extraction` runs only that one; the other ARGS go to criterion (`just bench documents`, `just bench rules compile`, `just bench documents --test`); the summaries run whatever the filter.
bench *ARGS:
    #!/usr/bin/env bash
    set -euo pipefail
    scripts/javy-plugin.sh
    scripts/pdfium.sh
    set -- {{ARGS}}
    case "${1:-}" in
      rules | documents | extraction) benches=(--bench "$1"); shift ;;
      *) benches=(--bench rules --bench documents --bench extraction) ;;
    esac
    cargo bench -p worker "${benches[@]}" -- "$@"

# The pipeline under load (release builds, own services): DOSSIERS × DOCUMENTS PDFs, WORKERS workers; throughput and import-to-callback p50/p95.
bench-pipeline *ARGS:
    scripts/bench-pipeline.sh {{ARGS}}

# The job queue's own load test (release builds, own services): JOBS no-op jobs through the outbox for W in WORKERS_LIST × C in CONCURRENCY_LIST; jobs/s, enqueue→start/done p50–max, idle latency, Redis memory, CPU. Report in .data/loadtest/report.json.
loadtest *ARGS:
    scripts/loadtest.sh {{ARGS}}

# The fault suite (release builds, own services, a fresh stack per scenario): a worker killed mid-extraction and mid-rules, Redis restarted and wiped, PostgreSQL restarted, the API killed, storage unavailable — under import load; nothing may be lost. `just faults redis-wipe` runs one.
faults *SCENARIOS:
    scripts/faults.sh {{SCENARIOS}}

# What the hostile probes cost the API and a worker, bounded (release builds, own services): peak memory and CPU per probe.
hostile-figures *WORDS:
    scripts/hostile-figures.sh {{WORDS}}

# The operations area's lists at volume (own services, 100,000 dossiers seeded once): p50/p99 of every sort and filter through GraphQL.
bench-lists *ARGS:
    scripts/bench-lists.sh {{ARGS}}

# Esegui in the rule editor, click to result, in Debian's chromium against a running stack (E2E_BASE_URL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD; BENCH_ROUNDS).
bench-esegui:
    cd web && npx playwright test --config playwright.bench.config.ts

# Regenerate the web app's copy of the catalogue of server messages (shared/src/messages).
messages:
    cargo run --quiet -p api -- messages > web/src/lib/i18n/server-messages.json

# Regenerate the GraphQL schema file of the web app and its TypeScript types from the API.
graphql-schema:
    cargo run --quiet -p api -- schema > web/schema.graphql
    cd web && npm run --silent codegen

# Regenerate the OpenAPI document of the REST routes and the TypeScript client the tests generate from it.
rest-client:
    cargo run --quiet -p api -- openapi > docs/openapi.json
    cd web/rest-client && npm run --silent generate

# Regenerate shared/src/db/schema.rs from the migrations (needs diesel_cli and the `just up` database).
db-schema:
    diesel print-schema --database-url postgres://istruttoria@127.0.0.1:54329/istruttoria > shared/src/db/schema.rs

# Format and lint everything.
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets --all-features -- -D warnings
    cd web && npm run --silent typecheck && npm run --silent lint
