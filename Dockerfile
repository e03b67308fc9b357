# Builds the API and worker binaries and the web app into one slim runtime image; compose.yaml
# runs it as `api serve` and as `worker`.
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1-bookworm AS rust
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY api api
COPY worker worker
COPY shared shared
COPY migrations migrations
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release -p api -p worker && cp target/release/api target/release/worker /usr/local/bin/

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    && rm -rf /var/lib/apt/lists/* && useradd --system --uid 10001 istruttoria
COPY --from=rust /usr/local/bin/api /usr/local/bin/worker /usr/local/bin/
COPY --from=web /src/web/dist /srv/web
ENV ISTRUTTORIA_WEB_DIST=/srv/web ISTRUTTORIA_HTTP_ADDR=0.0.0.0:8080 ISTRUTTORIA_LOG_FORMAT=json
USER istruttoria
EXPOSE 8080
CMD ["api", "serve"]
