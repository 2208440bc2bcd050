#!/usr/bin/env bash
# The one test command (README): static checks, unit tests, the server suite on the embedded
# database (and again on PostgreSQL when DATABASE_URL is set), then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "lint"
npm run lint
step "typecheck"
npm run typecheck
step "unit tests (shared, web)"
npm run test:unit

if [ -n "${DATABASE_URL:-}" ]; then
  # The two database suites side by side (each has its own databases): the run stays under 30 minutes.
  step "server tests on PGlite (embedded) and on PostgreSQL ($DATABASE_URL)${REDIS_URL:+ with Redis ($REDIS_URL)}, side by side"
  logs="$(mktemp -d)"
  (env -u DATABASE_URL -u REDIS_URL npm run test:server >"$logs/pglite.log" 2>&1; echo $? >"$logs/pglite.rc") &
  (npm run test:server >"$logs/postgres.log" 2>&1; echo $? >"$logs/postgres.rc") &
  wait
  printf '\n\033[1m-- PGlite --\033[0m\n'; cat "$logs/pglite.log"
  printf '\n\033[1m-- PostgreSQL --\033[0m\n'; cat "$logs/postgres.log"
  if [ "$(cat "$logs/pglite.rc")" != 0 ] || [ "$(cat "$logs/postgres.rc")" != 0 ]; then
    echo "server tests failed (PGlite: $(cat "$logs/pglite.rc"), PostgreSQL: $(cat "$logs/postgres.rc"))"
    exit 1
  fi
else
  step "server tests on PGlite (embedded)"
  env -u DATABASE_URL -u REDIS_URL npm run test:server
fi

step "build"
npm run build
step "browser journeys (Playwright, Chromium)"
npm run test:e2e
