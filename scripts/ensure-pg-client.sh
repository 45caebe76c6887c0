#!/usr/bin/env bash
# pg_dump / pg_restore for backups and `npm run restore` on PostgreSQL (DATABASE_URL): installs Debian's
# postgresql-client when they are missing. Nothing to do on SQLite.
set -euo pipefail
if [ -z "${DATABASE_URL:-}" ] || command -v "${PG_RESTORE:-pg_restore}" >/dev/null 2>&1; then exit 0; fi
echo "ensure-pg-client: installing Debian's postgresql-client" >&2
if [ "$(id -u)" -ne 0 ]; then echo "ensure-pg-client: need root to install postgresql-client" >&2; exit 1; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null
