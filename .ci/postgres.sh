#!/usr/bin/env bash
# Start the Debian PostgreSQL cluster and make a superuser role for the tests (they create their own database).
# Prints the DATABASE_URL to use. Idempotent.
set -euo pipefail
version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
if [ -z "$version" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
if ! pg_lsclusters -h | awk '{print $2}' | grep -qx main; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
for _ in $(seq 1 50); do
  su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1 && break
  sleep 0.2
done
su postgres -c "psql -qAtc \"select 1 from pg_roles where rolname='tableside'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"create role tableside login superuser password 'tableside'\""
su postgres -c "psql -qAtc \"select 1 from pg_database where datname='tableside'\"" | grep -q 1 ||
  su postgres -c "createdb -O tableside tableside"
port=$(pg_lsclusters -h | awk '$2=="main"{print $3}')
echo "postgres://tableside:tableside@127.0.0.1:${port}/tableside"
