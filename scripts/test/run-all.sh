#!/usr/bin/env bash
# `npm test`: typecheck, unit + integration tests (vitest: functions, scripts against dynalite,
# CDK assertions, web components), then Playwright end-to-end tests in Chromium. The reporters'
# JSON lands in test-reports/ (`npm run test:durations` reads it: where the time went).
set -euo pipefail
cd "$(dirname "$0")/../.."
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
mkdir -p test-reports
started=$SECONDS
step() { printf '\n== %s (at %d s)\n' "$1" $((SECONDS - started)); }

# tsc is single-threaded, so typecheck leaves one of the two cores idle: the end-to-end server's data
# directory (first start + blocking demo backfill) and the web build are made meanwhile.
export E2E_PORT="${E2E_PORT:-3100}"
E2E_DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tapewatch-e2e-XXXXXX")"
export E2E_DATA_DIR
node --import tsx scripts/test/e2e-prepare.ts "$E2E_DATA_DIR" >test-reports/e2e-prepare.log 2>&1 &
prepare=$!
trap 'kill "$prepare" 2>/dev/null || true; rm -rf "$E2E_DATA_DIR"' EXIT

step "typecheck"
npm run typecheck --silent
step "format and lint (Biome)"
npm run lint --silent
step "unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json
step "end-to-end tests (Playwright, Chromium)"
if ! wait "$prepare"; then
  cat test-reports/e2e-prepare.log
  echo "Preparing the end-to-end server's data failed (log above)." >&2
  exit 1
fi
bash scripts/test/e2e.sh
step "done"
# Written whole first: `| head` would close the pipe early, and pipefail would fail a green run.
npx tsx scripts/test/durations.ts >test-reports/durations.txt 2>&1 || true
head -12 test-reports/durations.txt
