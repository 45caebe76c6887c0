#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on a free local port,
# then stops the cluster and deletes it. Installs Debian's postgresql when it is missing.
# PostgreSQL refuses to run as root, so the cluster belongs to the `postgres` user.
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

PGBIN=$(find_bin || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "with-postgres: installing Debian's postgresql" >&2
  if [ "$(id -u)" -ne 0 ]; then echo "with-postgres: need root to install postgresql" >&2; exit 1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(find_bin)
fi

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
DIR=$(mktemp -d /tmp/portal-pg.XXXXXX)
chmod 755 "$DIR"

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$DIR"; fi

cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_pg "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $PORT" >&2
set +e
"$@"
status=$?
set -e
exit $status
