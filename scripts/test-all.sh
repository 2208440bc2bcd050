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

step "server tests on PGlite (embedded)"
env -u DATABASE_URL -u REDIS_URL npm run test:server

if [ -n "${DATABASE_URL:-}" ]; then
  step "server tests on PostgreSQL ($DATABASE_URL)${REDIS_URL:+ with Redis ($REDIS_URL)}"
  npm run test:server
fi

step "build"
npm run build
step "browser journeys (Playwright, Chromium)"
npm run test:e2e
