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
COPY .cargo .cargo
COPY api api
COPY worker worker
COPY shared shared
COPY migrations migrations
COPY scripts scripts
# The rule runtime's Javy plugin: scripts/javy-plugin.sh installs its toolchain (wasm32-wasip1,
# clang 19 for QuickJS) and pre-initialises it with the release build's `javy-plugin-init`.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release -p api -p worker && cp target/release/api target/release/worker /usr/local/bin/ \
    && JAVY_PLUGIN_CARGO_FLAGS=--release scripts/javy-plugin.sh \
    && install -D -m 0644 .data/javy-plugin/plugin.wasm /usr/local/share/istruttoria/javy-plugin.wasm \
    && scripts/pdfium.sh \
    && install -D -m 0644 .data/pdfium/libpdfium.so /usr/local/share/istruttoria/libpdfium.so

FROM debian:bookworm-slim
# Tesseract (Italian) reads the pages of PDFs that have no text.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
    tesseract-ocr tesseract-ocr-ita \
    && rm -rf /var/lib/apt/lists/* && useradd --system --uid 10001 istruttoria
COPY --from=rust /usr/local/bin/api /usr/local/bin/worker /usr/local/bin/
COPY --from=rust /usr/local/share/istruttoria /usr/local/share/istruttoria
COPY --from=web /src/web/dist /srv/web
ENV ISTRUTTORIA_WEB_DIST=/srv/web ISTRUTTORIA_HTTP_ADDR=0.0.0.0:8080 ISTRUTTORIA_LOG_FORMAT=json \
    ISTRUTTORIA_JAVY_PLUGIN=/usr/local/share/istruttoria/javy-plugin.wasm \
    ISTRUTTORIA_RULE_CACHE_DIR=/tmp/istruttoria-rule-cache \
    ISTRUTTORIA_PDFIUM_LIBRARY=/usr/local/share/istruttoria/libpdfium.so
USER istruttoria
EXPOSE 8080
CMD ["api", "serve"]
