#!/usr/bin/env bash
# The web app's npm packages and build.
#   scripts/web.sh install   npm ci of the app, of its linter (web/lint) and of the tests' REST
#                            client generator (web/rest-client), each only when its
#                            package-lock.json changed since the last install
#   scripts/web.sh build     install, then build web/dist
. "$(dirname "$0")/lib.sh"
cd "$ROOT/web"

install() {
  command -v npm >/dev/null || ensure_debian_packages nodejs npm
  for dir in . lint rest-client; do
    if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      say "installing the npm packages of web/$dir"
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
  done
}

case "${1:-}" in
  install) install ;;
  build) install; say "building the web app"; npm run --silent build ;;
  *) die "usage: $0 install|build" ;;
esac
