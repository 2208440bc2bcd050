#!/usr/bin/env bash
# The one test command (README): static checks, unit tests and the build, then the server suite on
# the embedded database and on PostgreSQL (when DATABASE_URL is set) side by side, then the browser
# journeys alone.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Lint, types, the three unit suites and the build do not depend on one another, and each mostly
# keeps one core busy: side by side they take about half the time on two cores. The unit suites
# run as three checks, not one after the other: the companion's safety corpora keep one core busy
# for a minute, and run in turn they left the other core idle once lint and types had ended
# (decision 209). Their output is printed in this order once all have ended.
pre="$(mktemp -d)"
step "lint, typecheck, unit tests (shared, companion, web) and the build, side by side"
checks=(lint typecheck test:companion test:web test:shared build)
for c in "${checks[@]}"; do
  # `|| rc=$?`: the subshell inherits `set -e`, and must still write its status when the check fails.
  (rc=0; npm run "$c" >"$pre/$c.log" 2>&1 || rc=$?; echo "$rc" >"$pre/$c.rc") &
done
wait
pre_failed=0
for c in "${checks[@]}"; do
  step "$c"
  cat "$pre/$c.log"
  if [ "$(cat "$pre/$c.rc")" != 0 ]; then echo "$c failed"; pre_failed=1; fi
done
if [ "$pre_failed" != 0 ]; then exit 1; fi

# The server suites (PGlite, and PostgreSQL when DATABASE_URL is set) run side by side, then the
# browser journeys run alone (decision 183). Measured on this two-core machine: both suites with
# two workers each side by side in about 4 minutes, the journeys alone in about 12. Run at the
# same time they crowded each other (a load of 15–21) and the whole took about 50 minutes: a page
# load beside the suites took ten times as long, and journeys waited on "Loading…".
logs="$(mktemp -d)"
workers="${SERVER_TEST_WORKERS:-2}"
suites=(pglite)
(rc=0; env -u DATABASE_URL -u REDIS_URL npm test -w apps/server -- --maxWorkers="$workers" >"$logs/pglite.log" 2>&1 || rc=$?; echo "$rc" >"$logs/pglite.rc") &
if [ -n "${DATABASE_URL:-}" ]; then
  suites+=(postgres)
  (rc=0; npm test -w apps/server -- --maxWorkers="$workers" >"$logs/postgres.log" 2>&1 || rc=$?; echo "$rc" >"$logs/postgres.rc") &
fi
step "server tests on ${suites[*]}${REDIS_URL:+ with Redis ($REDIS_URL)}, side by side"
wait
failed=0
for suite in "${suites[@]}"; do
  printf '\n\033[1m-- server tests: %s --\033[0m\n' "$suite"
  cat "$logs/$suite.log"
  rc="$(cat "$logs/$suite.rc")"
  if [ "$rc" != 0 ]; then echo "server tests on $suite failed ($rc)"; failed=1; fi
done

# The journeys run even when a suite failed, so one run reports both. They print as they run and
# into a file, so a failed run can end with what failed.
step "browser journeys (Playwright, Chromium)"
e2e_rc=0
npm run test:e2e 2>&1 | tee "$logs/e2e.log" || e2e_rc=$?
if [ "$e2e_rc" != 0 ]; then
  printf '\n\033[1m-- browser journeys: what failed --\033[0m\n'
  # Playwright's list reporter ends with its summary (failed, flaky, passed); the failures' own
  # lines carry a ✘.
  grep -E '✘|^\s+[0-9]+\) ' "$logs/e2e.log" | tail -n 30 || true
  tail -n 25 "$logs/e2e.log"
  echo "browser journeys failed ($e2e_rc)"; failed=1
fi
for suite in "${suites[@]}"; do
  if [ "$(cat "$logs/$suite.rc")" != 0 ]; then echo "server tests on $suite failed"; fi
done
exit "$failed"
