#!/bin/sh
# First start: create the cluster with POSTGRES_PASSWORD for the `postgres` user and password
# sign-in from the network (like the official image). Every start: run the server in front.
set -e
if [ "$1" = "postgres" ]; then
  shift
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "$POSTGRES_PASSWORD" ]; then echo "POSTGRES_PASSWORD is required" >&2; exit 1; fi
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb -D "$PGDATA" -U postgres --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
      --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "initialised $PGDATA"
  fi
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
