#!/usr/bin/env bash
# Project-local PostgreSQL and Redis, each in its own directory and on its own port, so they
# never collide with system services or with another checkout.
#
#   scripts/services.sh start DIR PG_PORT REDIS_PORT   start (initialising on first use)
#   scripts/services.sh stop DIR                        stop both
#   scripts/services.sh status DIR                      say what runs
#
# The database `istruttoria` (owner `istruttoria`, trust authentication on loopback only) is
# created on first start. Redis keeps an append-only file, as in production. PG_EXTRA_OPTS adds
# server options (the tests turn durability off: their data is thrown away).
. "$(dirname "$0")/lib.sh"

start() {
  local dir="$1" pg_port="$2" redis_port="$3"
  ensure_debian_packages postgresql redis-server
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  local bin; bin="$(postgres_bindir)"

  if [ ! -f "$dir/postgres/PG_VERSION" ]; then
    say "initialising PostgreSQL in $dir/postgres"
    mkdir -p "$dir/postgres"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir/postgres"
    as_postgres "$bin/initdb" -D "$dir/postgres" -U istruttoria --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if as_postgres "$bin/pg_ctl" -D "$dir/postgres" status >/dev/null 2>&1; then
    say "PostgreSQL already running in $dir/postgres"
  else
    say "starting PostgreSQL on 127.0.0.1:$pg_port"
    as_postgres "$bin/pg_ctl" -D "$dir/postgres" -l "$dir/postgres/server.log" -w -t 60 \
      -o "-p $pg_port -k $dir/postgres -c listen_addresses=127.0.0.1 -c max_connections=300 ${PG_EXTRA_OPTS:-}" \
      start >/dev/null || { tail -n 20 "$dir/postgres/server.log" >&2; die "PostgreSQL did not start"; }
  fi
  if ! psql -h 127.0.0.1 -p "$pg_port" -U istruttoria -d postgres -tAc "select 1 from pg_database where datname='istruttoria'" | grep -q 1; then
    psql -h 127.0.0.1 -p "$pg_port" -U istruttoria -d postgres -qc "create database istruttoria" >/dev/null
  fi

  mkdir -p "$dir/redis"
  if redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
    say "Redis already running on 127.0.0.1:$redis_port"
  else
    say "starting Redis on 127.0.0.1:$redis_port"
    redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$dir/redis" --daemonize yes \
      --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/redis.log" \
      --appendonly yes --save "" >/dev/null
    for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    redis-cli -p "$redis_port" ping >/dev/null || die "Redis did not start (see $dir/redis/redis.log)"
  fi
  echo "$pg_port" > "$dir/postgres.port"
  echo "$redis_port" > "$dir/redis.port"
}

stop() {
  local dir="$1"
  [ -d "$dir" ] || return 0
  if [ -f "$dir/postgres/PG_VERSION" ]; then
    as_postgres "$(postgres_bindir)/pg_ctl" -D "$dir/postgres" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ -f "$dir/redis.port" ]; then
    redis-cli -p "$(cat "$dir/redis.port")" shutdown nosave >/dev/null 2>&1 || true
  fi
  say "stopped PostgreSQL and Redis of $dir"
}

status() {
  local dir="$1"
  as_postgres "$(postgres_bindir)/pg_ctl" -D "$dir/postgres" status 2>/dev/null | head -n 1 || echo "PostgreSQL: not running"
  if [ -f "$dir/redis.port" ] && redis-cli -p "$(cat "$dir/redis.port")" ping >/dev/null 2>&1; then
    echo "Redis: running on port $(cat "$dir/redis.port")"
  else
    echo "Redis: not running"
  fi
}

case "${1:-}" in
  start) shift; [ $# -eq 3 ] || die "usage: $0 start DIR PG_PORT REDIS_PORT"; start "$@" ;;
  stop) shift; [ $# -eq 1 ] || die "usage: $0 stop DIR"; stop "$@" ;;
  status) shift; [ $# -eq 1 ] || die "usage: $0 status DIR"; status "$@" ;;
  *) die "usage: $0 start|stop|status DIR …" ;;
esac
