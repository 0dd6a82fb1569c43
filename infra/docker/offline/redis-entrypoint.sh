#!/bin/sh
# Without a config file Redis binds every interface in protected mode, which refuses other
# containers; the official image turns protected mode off the same way (the port is not published).
set -e
if [ "$1" = "redis-server" ]; then shift; exec redis-server --protected-mode no "$@"; fi
exec "$@"
