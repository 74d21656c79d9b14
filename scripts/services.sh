#!/usr/bin/env bash
# Private Redis and PostgreSQL for the server's cluster tests and the load tool, kept
# entirely inside one folder: nothing system-wide is started, changed or stopped.
#   scripts/services.sh start DIR   starts redis-server and PostgreSQL on free loopback
#                                   ports, creates the database, writes DIR/env with
#                                   BAIFANG_TEST_DATABASE_URL and BAIFANG_TEST_REDIS_URL
#   scripts/services.sh stop DIR    stops exactly the two servers started in DIR
#   scripts/services.sh postgres-stop DIR / postgres-start DIR
#                                   stops (fast shutdown) or starts again the PostgreSQL
#                                   of DIR, same port and files: the fault tests' restart
# PostgreSQL refuses to run as root: as root its files belong to the `postgres` user and
# its commands run through runuser. Needs Debian's redis-server and postgresql
# (scripts/setup.sh test installs them).
set -euo pipefail

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: scripts/services.sh start|stop DIR" >&2
  exit 2
fi

say() { printf '[services] %s\n' "$*"; }

pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$bin" ]; then
    echo "PostgreSQL is not installed (scripts/setup.sh test installs it)" >&2
    exit 1
  fi
  echo "$bin"
}

# Runs a PostgreSQL command as the owner of the cluster's files.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# A loopback port nobody listens on now (random, so parallel runs rarely collide).
free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$(( 20000 + RANDOM % 40000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return
    fi
  done
  echo "no free port found" >&2
  exit 1
}

start() {
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  command -v redis-server >/dev/null || { echo "redis-server is not installed (scripts/setup.sh test installs it)" >&2; exit 1; }
  local bin redis_port pg_port
  bin=$(pg_bin)

  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
    --daemonize yes --pidfile "$dir/redis.pid" --dir "$dir" --logfile "$dir/redis.log"
  for _ in $(seq 1 100); do
    redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  redis-cli -p "$redis_port" ping >/dev/null || { echo "redis-server did not start (see $dir/redis.log)" >&2; exit 1; }
  say "redis-server on 127.0.0.1:$redis_port (pid $(cat "$dir/redis.pid"))"

  pg_port=$(free_port)
  local home
  if [ "$(id -u)" -eq 0 ]; then
    # The postgres user may not be able to reach DIR (a private temporary
    # folder of root's): its files get a folder of their own, named in DIR.
    home=$(mktemp -d /tmp/baifang-pg.XXXXXX)
    chown postgres: "$home"
  else
    home="$dir/pg-home"
    mkdir -p "$home"
  fi
  echo "$home" >"$dir/pg-home"
  as_pg mkdir -p "$home/data" "$home/socket"
  as_pg "$bin/initdb" -D "$home/data" -U baifang -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
    || { echo "initdb failed (see $dir/initdb.log)" >&2; exit 1; }
  # Test data only: no fsync, so a test's commits cost no disk flush.
  echo "-p $pg_port -k $home/socket -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" >"$dir/pg-opts"
  postgres_start
  as_pg "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U baifang baifang
  say "PostgreSQL on 127.0.0.1:$pg_port (data $home/data)"

  cat >"$dir/env" <<EOF
export BAIFANG_TEST_DATABASE_URL=postgres://baifang@127.0.0.1:$pg_port/baifang
export BAIFANG_TEST_REDIS_URL=redis://127.0.0.1:$redis_port/
export BAIFANG_TEST_SERVICES_DIR=$dir
EOF
  say "wrote $dir/env"
}

postgres_start() {
  local home
  home=$(cat "$dir/pg-home")
  as_pg "$(pg_bin)/pg_ctl" -D "$home/data" -l "$home/server.log" -w -t 60 -o "$(cat "$dir/pg-opts")" \
    start >/dev/null || { echo "PostgreSQL did not start (see $home/server.log)" >&2; exit 1; }
}

postgres_stop() {
  local home
  home=$(cat "$dir/pg-home")
  as_pg "$(pg_bin)/pg_ctl" -D "$home/data" -m fast -w stop >/dev/null
}

stop() {
  [ -d "$dir" ] || return 0
  dir=$(cd "$dir" && pwd)
  if [ -f "$dir/pg-home" ]; then
    local home
    home=$(cat "$dir/pg-home")
    if [ -f "$home/data/postmaster.pid" ]; then
      as_pg "$(pg_bin)/pg_ctl" -D "$home/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    # Only the folder this script made for it (root's case: outside DIR).
    case "$home" in
      /tmp/baifang-pg.*|"$dir/pg-home") rm -rf "$home" ;;
    esac
    rm -f "$dir/pg-home"
  fi
  if [ -f "$dir/redis.pid" ]; then
    local pid
    pid=$(cat "$dir/redis.pid")
    # Only the redis-server started here: its pid file names it.
    if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q redis-server; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
    fi
    rm -f "$dir/redis.pid"
  fi
  say "stopped the services in $dir"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  postgres-start) dir=$(cd "$dir" && pwd); postgres_start ;;
  postgres-stop) dir=$(cd "$dir" && pwd); postgres_stop ;;
  *) echo "usage: scripts/services.sh start|stop|postgres-start|postgres-stop DIR" >&2; exit 2 ;;
esac
