#!/usr/bin/env bash
# The web app's npm packages and build.
#   scripts/web.sh install   npm ci, only when package-lock.json changed since the last install
#   scripts/web.sh build     install, then build web/dist
. "$(dirname "$0")/lib.sh"
cd "$ROOT/web"

install() {
  command -v npm >/dev/null || ensure_debian_packages nodejs npm
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing the web app's npm packages"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

case "${1:-}" in
  install) install ;;
  build) install; say "building the web app"; npm run --silent build ;;
  *) die "usage: $0 install|build" ;;
esac
