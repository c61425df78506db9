# Sourced by scripts/test.
#
# start_test_postgres DIR
#   Starts a PostgreSQL 15 cluster of Debian's binaries in DIR (data, socket and log inside
#   it) on a free port of 127.0.0.1, as an unprivileged user (initdb refuses root: as root, the
#   system user todo-pg is created once and used), and waits until it accepts connections.
#   Exports:
#     TODO_TEST_POSTGRES_URL  postgresql://postgres@127.0.0.1:PORT/postgres (trust auth)
#     TODO_TEST_PGDATA        the data directory
#     TODO_TEST_PG_RESTART    a command line restarting the cluster (pg_ctl restart -m fast)
#     TODO_TEST_PG_STOP, TODO_TEST_PG_START   the same for stopping and starting it
# stop_test_postgres
#   Stops it (fast shutdown); nothing if it is not running.

test_pg_bin() {
  local dir
  for dir in "$(pg_config --bindir 2>/dev/null || true)" /usr/lib/postgresql/15/bin; do
    if [[ -n $dir && -x $dir/initdb ]]; then
      echo "$dir"
      return
    fi
  done
  echo "error: PostgreSQL's initdb is not installed (Debian: apt-get install postgresql)" >&2
  return 1
}

start_test_postgres() {
  local dir=$1 bin port as=()
  bin=$(test_pg_bin)
  mkdir -p "$dir/socket"
  if [[ $(id -u) -eq 0 ]]; then
    id todo-pg >/dev/null 2>&1 ||
      useradd --system --no-create-home --shell /usr/sbin/nologin todo-pg
    chown -R todo-pg "$dir"
    as=(runuser -u todo-pg --)
  fi
  local locale=C.UTF-8
  locale -a 2>/dev/null | grep -qix 'c.utf-\?8' || locale=C
  "${as[@]}" "$bin/initdb" -D "$dir/pgdata" --auth=trust --username=postgres \
    --encoding=UTF8 --locale="$locale" >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    return 1
  }
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  # The tests check this project's code, not the disk: without fsync, the hundreds of
  # databases and commits of a parallel run do not queue behind the disk of a loaded
  # machine. A fast shutdown or restart still writes everything out.
  local options="-p $port -k $dir/socket -c listen_addresses=127.0.0.1 -c max_connections=400"
  options+=" -c fsync=off -c full_page_writes=off"
  local ctl="${as[*]} $bin/pg_ctl -D $dir/pgdata -l $dir/postgres.log -w -t 60"
  export TODO_TEST_PG_START="$ctl -o '$options' start"
  export TODO_TEST_PG_STOP="$ctl -m fast stop"
  export TODO_TEST_PG_RESTART="$ctl -m fast -o '$options' restart"
  if ! sh -c "$TODO_TEST_PG_START" >/dev/null; then
    echo "error: PostgreSQL did not start; its log:" >&2
    tail -n 30 "$dir/postgres.log" >&2
    return 1
  fi
  export TODO_TEST_PGDATA=$dir/pgdata
  export TODO_TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port/postgres"
  test_postgres_dir=$dir
  psql -X -q "$TODO_TEST_POSTGRES_URL" -c 'SELECT 1' >/dev/null
}

stop_test_postgres() {
  [[ -n ${test_postgres_dir:-} && -f $test_postgres_dir/pgdata/postmaster.pid ]] || return 0
  sh -c "$TODO_TEST_PG_STOP" >/dev/null 2>&1 || true
}
