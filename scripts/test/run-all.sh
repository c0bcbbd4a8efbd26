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

# The end-to-end server's data directory (first start + blocking demo backfill) and the web build are
# made in the background while the typecheck and vitest run.
export E2E_PORT="${E2E_PORT:-3100}"
E2E_DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tapewatch-e2e-XXXXXX")"
export E2E_DATA_DIR
node --import tsx scripts/test/e2e-prepare.ts "$E2E_DATA_DIR" >test-reports/e2e-prepare.log 2>&1 &
prepare=$!
trap 'kill "$prepare" 2>/dev/null || true; rm -rf "$E2E_DATA_DIR"' EXIT

# tsc is single-threaded and vitest keeps about one core busy on average (its files wait on imports and
# child processes), so the typecheck runs beside lint and vitest rather than before them; its output is
# shown when it fails, and the run fails with it.
step "typecheck (in the background), format and lint (Biome)"
npm run typecheck --silent >test-reports/typecheck.log 2>&1 &
typecheck=$!
trap 'kill "$prepare" "$typecheck" 2>/dev/null || true; rm -rf "$E2E_DATA_DIR"' EXIT
npm run lint --silent
step "unit and integration tests (vitest)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?
step "typecheck result"
if ! wait "$typecheck"; then
  cat test-reports/typecheck.log
  echo "Typecheck failed (output above)." >&2
  exit 1
fi
echo "typecheck passed"
if [ "$vitest_status" != 0 ]; then
  echo "vitest failed (output above)." >&2
  exit "$vitest_status"
fi
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
