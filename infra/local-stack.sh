#!/usr/bin/env bash
# Runs the servers the product needs as plain processes: PostgreSQL, Redis, NATS with JetStream and
# an S3-compatible store (s3rver). Data lives under $DATA_DIR (git-ignored). Idempotent: a server
# of ours that already answers is reused, one of another checkout (its data elsewhere) is replaced;
# `down` stops what `up` started.
#
#   infra/local-stack.sh up|down|status|env
#
# STACK_PROFILE=dev (default), test, test2 (the second integration test worker's, npm test),
# cluster or restore (a restore target, npm run restore) selects default ports and data dir, so
# tests never touch the data of a running `npm start`. Every port and the data dir can be overridden by env
# variables. NATS_NODES=3 (the cluster profile's default) runs a NATS cluster with JetStream on every
# node (docs/operations.md, "The cluster").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROFILE="${STACK_PROFILE:-dev}"
# Every profile's ports stay below 32768, where Linux's ephemeral range starts: there an outgoing
# connection may hold the port a server wants (a drill's load once took the restore stack's NATS
# monitor port). Benchmarks use +5000 (gateway/bench/bench-stack.mjs).
case "$PROFILE" in test) off=10000 ;; cluster) off=11000 ;; test2) off=12000 ;; restore) off=13500 ;; *) off=0 ;; esac
if [ "$PROFILE" = cluster ]; then NATS_NODES="${NATS_NODES:-3}"; else NATS_NODES="${NATS_NODES:-1}"; fi
DATA_DIR="${DATA_DIR:-$ROOT/.data/$PROFILE}"
PG_PORT="${PG_PORT:-$((15432 + off))}"
REDIS_PORT="${REDIS_PORT:-$((16379 + off))}"
NATS_PORT="${NATS_PORT:-$((14222 + off))}"
NATS_MONITOR_PORT="${NATS_MONITOR_PORT:-$((18222 + off))}"
# Node n (0-based) of a cluster listens on NATS_PORT+n, NATS_MONITOR_PORT+n and NATS_ROUTE_PORT+n.
NATS_ROUTE_PORT="${NATS_ROUTE_PORT:-$((16222 + off))}"
S3_PORT="${S3_PORT:-$((19000 + off))}"
MAIL_SMTP_PORT="${MAIL_SMTP_PORT:-$((1025 + off))}"
MAIL_WEB_PORT="${MAIL_WEB_PORT:-$((1080 + off))}"
# glibc's allocator, fixed instead of adaptive, for PostgreSQL and the app processes (env_vars):
# glibc adapts the size past which it maps a block from the system, and a process could end up
# mapping and unmapping a list page's buffers afresh at every request (page faults, and on a VM
# costly cross-CPU TLB flushes). Fixed: blocks under 4 MB come from the heap, which keeps up to 8 MB
# free for the next request (docs/architecture.md, "A request"). MALLOC_TUNABLES= leaves glibc's defaults.
MALLOC_TUNABLES="${MALLOC_TUNABLES-glibc.malloc.mmap_threshold=4194304:glibc.malloc.trim_threshold=8388608}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}"
PACKAGES=(postgresql redis-server nats-server chromium poppler-utils)
# The cluster's load balancer (infra/cluster/cluster.mjs).
[ "$PROFILE" = cluster ] && PACKAGES+=(haproxy)

log() { printf '\033[36m[stack]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[stack]\033[0m %s\n' "$*" >&2; exit 1; }

ensure_packages() {
  local missing=()
  [ -x "${PG_BIN}/pg_ctl" ] || missing+=(postgresql)
  command -v redis-server >/dev/null || missing+=(redis-server)
  command -v nats-server >/dev/null || missing+=(nats-server)
  command -v chromium >/dev/null || missing+=(chromium)
  # pdfinfo and pdftoppm: the label tests read the PDFs back (docs/scanning.md).
  command -v pdftoppm >/dev/null || missing+=(poppler-utils)
  [ "$PROFILE" != cluster ] || command -v haproxy >/dev/null || missing+=(haproxy)
  [ ${#missing[@]} -eq 0 ] && return 0
  local cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${PACKAGES[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    die "Missing Debian packages: ${missing[*]}. Install them once as root: sudo sh -c '$cmd'"
  fi
  log "installing ${missing[*]} (first run only)"
  mkdir -p "$ROOT/.data" # a fresh clone has none yet, and a benchmark's DATA_DIR lies elsewhere
  sh -c "$cmd" >"$ROOT/.data/apt-install.log" 2>&1 || die "apt-get failed: see .data/apt-install.log"
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)"
}

wait_for() { # name, command...
  local name=$1; shift
  for _ in $(seq 1 100); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  die "$name did not become healthy (logs in $DATA_DIR/logs)"
}

pg_ok() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; }
redis_ok() { [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }
# HTTP checks through node: curl is not on a bare machine, node is.
http_ok() { node -e "fetch(process.argv[1]).then(r => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))" "$1"; }
nats_node_ok() { http_ok "http://127.0.0.1:$((NATS_MONITOR_PORT + $1))/healthz?js-enabled-only=true"; }
# The nats folder of the data directory of the server on node n's port (its JetStream store lies in it).
nats_node_folder() {
  node -e "fetch(process.argv[1]).then(r => r.json()).then(v => console.log(v.jetstream.config.store_dir.replace(/(\/node-\d+)?\/jetstream$/, '')), () => {})" \
    "http://127.0.0.1:$((NATS_MONITOR_PORT + $1))/varz"
}
nats_ok() { for n in $(seq 0 $((NATS_NODES - 1))); do nats_node_ok "$n" || return 1; done; }
s3_ok() { http_ok "http://127.0.0.1:$S3_PORT/"; }
mail_ok() { http_ok "http://127.0.0.1:$MAIL_WEB_PORT/api/healthz"; }

# Whether the process in a PID file of ours runs with our data directory. A server of another checkout
# of the same profile answers on the same port, but keeps its files elsewhere (maybe deleted by now).
ours() { [ -f "$1" ] && { tr '\0' ' ' <"/proc/$(head -n1 "$1")/cmdline"; } 2>/dev/null | grep -qF "$DATA_DIR/"; }

# A server on our port that is not ours (healthy or not) is stopped, so that ours can start. Our PID
# file is not used for it: it names no process of ours, and its PID may be anyone's by now.
replace_foreign() { # name, pidfile, process pattern
  rm -f "$2"
  pgrep -f "$3" >/dev/null || return 0
  log "restarting $1 with this checkout's data directory"
  pkill -f "$3" 2>/dev/null || true
  for _ in $(seq 1 50); do pgrep -f "$3" >/dev/null || break; sleep 0.1; done
}

as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# The folder a running server keeps its data in, as it says itself.
pg_data_dir() { "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -Atqc 'show data_directory' 2>/dev/null || true; }
redis_data_dir() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" config get dir 2>/dev/null | sed -n 2p; }
same_dir() { [ -n "$1" ] && [ "$(realpath -m "$1")" = "$(realpath -m "$2")" ]; }

start_postgres() {
  local dir="$DATA_DIR/postgres" theirs
  if pg_ok; then
    theirs="$(pg_data_dir)"
    if same_dir "$theirs" "$dir"; then log "postgres already up on $PG_PORT"; return; fi
    # Another checkout's (or a benchmark's) server: its tables are not ours, so tests and the app
    # must not run on them. Stopped fast, its data left where it is.
    log "restarting postgres with this checkout's data directory (the one up keeps its data in ${theirs:-a place it did not say})"
    as_postgres "$PG_BIN/pg_ctl" -D "$theirs" -m fast -w stop >/dev/null 2>&1 \
      || pkill -INT -f "postgres -D .* -p $PG_PORT( |$)" 2>/dev/null || true
    for _ in $(seq 1 100); do pg_ok || break; sleep 0.1; done
  fi
  if [ ! -s "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"; [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"; chmod 700 "$dir"
    as_postgres "$PG_BIN/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DATA_DIR/logs/initdb.log" 2>&1 \
      || die "initdb failed: see $DATA_DIR/logs/initdb.log"
  fi
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$DATA_DIR/logs"
  # setsid: servers get their own session, so Ctrl-C on `npm start` stops the app, not the servers.
  GLIBC_TUNABLES="$MALLOC_TUNABLES" as_postgres setsid -w "$PG_BIN/pg_ctl" -D "$dir" -l "$DATA_DIR/logs/postgres.log" -w -t 30 start \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $dir -c max_connections=300 -c fsync=${PG_FSYNC:-on} -c shared_buffers=256MB ${PG_OPTIONS:-}" >/dev/null
  wait_for postgres pg_ok
  log "postgres up on $PG_PORT"
}

start_redis() {
  if redis_ok; then
    if same_dir "$(redis_data_dir)" "$DATA_DIR/redis"; then log "redis already up on $REDIS_PORT"; return; fi
    log "restarting redis with this checkout's data directory"
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown >/dev/null 2>&1 || true
    for _ in $(seq 1 50); do redis_ok || break; sleep 0.1; done
  fi
  mkdir -p "$DATA_DIR/redis"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$DATA_DIR/redis" --daemonize yes \
    --pidfile "$DATA_DIR/pids/redis.pid" --logfile "$DATA_DIR/logs/redis.log" \
    --appendonly yes --maxmemory-policy noeviction --save "" >/dev/null
  wait_for redis redis_ok
  log "redis up on $REDIS_PORT"
}

# NATS with a user per process and subject permissions (infra/nats/auth.mjs). The config is written
# anew on every `up`: a running server whose permissions changed reloads them (SIGHUP); one started
# by an older version of this script (no nats.conf) is restarted with them.
nats_conf() { if [ "$NATS_NODES" -eq 1 ]; then echo "$DATA_DIR/nats/nats.conf"; else echo "$DATA_DIR/nats/node-$1.conf"; fi; }
nats_log() { if [ "$NATS_NODES" -eq 1 ]; then echo "$DATA_DIR/logs/nats.log"; else echo "$DATA_DIR/logs/nats-$1.log"; fi; }
# Every node's client URL, comma-separated (the clients fail over between them).
nats_urls() { local n urls=(); for n in $(seq 0 $((NATS_NODES - 1))); do urls+=("nats://127.0.0.1:$((NATS_PORT + n))"); done; (IFS=,; echo "${urls[*]}"); }
nats_pidfile() { if [ "$NATS_NODES" -eq 1 ]; then echo "$DATA_DIR/pids/nats.pid"; else echo "$DATA_DIR/pids/nats-$1.pid"; fi; }

start_nats() {
  mkdir -p "$DATA_DIR/nats"
  local n
  for n in $(seq 0 $((NATS_NODES - 1))); do start_nats_node "$n"; done
  # A cluster's JetStream answers once its nodes have elected a meta leader.
  wait_for nats nats_ok
  if [ "$NATS_NODES" -eq 1 ]; then log "nats (JetStream, authenticated) up on $NATS_PORT, monitor $NATS_MONITOR_PORT"
  else log "nats cluster of $NATS_NODES (JetStream, authenticated) up on $NATS_PORT..$((NATS_PORT + NATS_NODES - 1)), monitor $NATS_MONITOR_PORT.."; fi
}

start_nats_node() { # node number
  local conf pidfile before=""
  conf="$(nats_conf "$1")"; pidfile="$(nats_pidfile "$1")"
  [ -f "$conf" ] && before="$(cat "$conf")"
  node "$ROOT/infra/nats/auth.mjs" local "$DATA_DIR" "$NATS_PORT" "$NATS_MONITOR_PORT" "$1" "$NATS_NODES" "$NATS_ROUTE_PORT" >/dev/null
  # Ours: the process in our PID file runs our config (a zombie's command line is empty).
  if [ -n "$before" ] && [ -f "$pidfile" ] && { tr '\0' ' ' <"/proc/$(cat "$pidfile")/cmdline"; } 2>/dev/null | grep -qF "$conf"; then
    if [ "$before" != "$(cat "$conf")" ]; then kill -HUP "$(cat "$pidfile")" && log "nats reloaded its permissions"; fi
    log "nats already up on $((NATS_PORT + $1))"
    return
  fi
  rm -f "$pidfile" # names no server of ours (above)
  if nats_node_ok "$1"; then
    # Answering, but not with our users: another checkout's or a benchmark's, whose folder it tells
    # (its passwords are not ours). Stop it and start ours.
    local theirs
    theirs="$(nats_node_folder "$1")"
    log "restarting nats with this checkout's users"
    if [ -n "$theirs" ]; then pkill -f "nats-server -c $theirs/" 2>/dev/null || true; fi
    for _ in $(seq 1 50); do nats_node_ok "$1" || break; sleep 0.1; done
  fi
  setsid -f nats-server -c "$conf" -P "$pidfile" >"$(nats_log "$1")" 2>&1
}

start_s3() {
  if s3_ok && ours "$DATA_DIR/pids/s3.pid"; then log "s3 already up on $S3_PORT"; return; fi
  replace_foreign s3 "$DATA_DIR/pids/s3.pid" "s3rver .*-p $S3_PORT( |$)"
  local bin="$ROOT/node_modules/.bin/s3rver"
  [ -x "$bin" ] || die "s3rver is not installed: run npm install first"
  mkdir -p "$DATA_DIR/s3"
  setsid -f sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$DATA_DIR/pids/s3.pid" \
    "$bin" -d "$DATA_DIR/s3" -a 127.0.0.1 -p "$S3_PORT" --no-vhost-buckets -s >"$DATA_DIR/logs/s3.log" 2>&1
  wait_for s3 s3_ok
  log "s3 (s3rver) up on $S3_PORT"
}

# A mail catcher (maildev): the app's mail lands in a web inbox instead of anyone's mailbox.
start_mail() {
  if mail_ok && ours "$DATA_DIR/pids/mail.pid"; then log "mail catcher already up: SMTP $MAIL_SMTP_PORT, inbox http://127.0.0.1:$MAIL_WEB_PORT"; return; fi
  replace_foreign "mail catcher" "$DATA_DIR/pids/mail.pid" "maildev -s $MAIL_SMTP_PORT( |$)"
  local bin="$ROOT/node_modules/.bin/maildev"
  [ -x "$bin" ] || die "maildev is not installed: run npm install first"
  mkdir -p "$DATA_DIR/mail"
  setsid -f sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$DATA_DIR/pids/mail.pid" \
    "$bin" -s "$MAIL_SMTP_PORT" -w "$MAIL_WEB_PORT" --ip 127.0.0.1 --web-ip 127.0.0.1 --mail-directory "$DATA_DIR/mail" \
    >"$DATA_DIR/logs/mail.log" 2>&1
  # Its cold start takes a few seconds (../shared/STACK.md).
  for _ in $(seq 1 150); do mail_ok && break; sleep 0.1; done
  wait_for mail mail_ok
  log "mail catcher (maildev) up: SMTP $MAIL_SMTP_PORT, inbox http://127.0.0.1:$MAIL_WEB_PORT"
}

# Web Push signs with a VAPID key pair: made once per data folder and kept, so browsers' existing
# subscriptions stay valid across restarts.
ensure_vapid_keys() {
  [ -s "$DATA_DIR/vapid.json" ] && return 0
  (cd "$ROOT" && node -e "const k=require('web-push').generateVAPIDKeys();require('fs').writeFileSync(process.argv[1],JSON.stringify(k),{mode:0o600})" "$DATA_DIR/vapid.json") \
    || die "could not make VAPID keys (is web-push installed? run npm install)"
}

stop_pidfile() { # name, pidfile
  local pid
  [ -f "$2" ] || return 0
  pid="$(cat "$2")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    log "$1 stopped"
  fi
  rm -f "$2"
}

up() {
  mkdir -p "$DATA_DIR/logs" "$DATA_DIR/pids"
  ensure_packages
  start_postgres; start_redis; start_nats; start_s3; start_mail
  ensure_vapid_keys
}

down() {
  if [ -s "$DATA_DIR/postgres/postmaster.pid" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$DATA_DIR/postgres" -m fast -w stop >/dev/null 2>&1 && log "postgres stopped" || true
  fi
  stop_pidfile redis "$DATA_DIR/pids/redis.pid"
  for n in $(seq 0 $((NATS_NODES - 1))); do stop_pidfile nats "$(nats_pidfile "$n")"; done
  stop_pidfile s3 "$DATA_DIR/pids/s3.pid"
  stop_pidfile mail "$DATA_DIR/pids/mail.pid"
}

status() {
  local rc=0
  for part in pg redis nats s3 mail; do
    if "${part}_ok"; then echo "$part: up"; else echo "$part: down"; rc=1; fi
  done
  return $rc
}

vapid_key() { [ -s "$DATA_DIR/vapid.json" ] && node -e "process.stdout.write(JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'))[process.argv[2]])" "$DATA_DIR/vapid.json" "$1"; }

# The environment the app processes need to reach these servers.
env_vars() {
  cat <<VARS
PG_URL=postgres://postgres@127.0.0.1:$PG_PORT
REDIS_URL=redis://127.0.0.1:$REDIS_PORT
NATS_URL=$(nats_urls)
NATS_CREDENTIALS_FILE=$DATA_DIR/nats/credentials.json
NATS_MONITOR_URL=http://127.0.0.1:$NATS_MONITOR_PORT
S3_ENDPOINT=127.0.0.1
S3_PORT=$S3_PORT
SMTP_URL=smtp://127.0.0.1:$MAIL_SMTP_PORT
MAIL_INBOX_URL=http://127.0.0.1:$MAIL_WEB_PORT
VAPID_PUBLIC_KEY=$(vapid_key publicKey)
VAPID_PRIVATE_KEY=$(vapid_key privateKey)
GLIBC_TUNABLES=$MALLOC_TUNABLES
VARS
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  env) env_vars ;;
  *) echo "usage: $0 up|down|status|env" >&2; exit 2 ;;
esac
