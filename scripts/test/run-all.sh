#!/usr/bin/env bash
# `npm test`: typecheck, unit + integration tests (vitest: functions, scripts against dynalite,
# CDK assertions, web components), then Playwright end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
step() { printf '\n== %s\n' "$1"; }
step "typecheck"
npm run typecheck --silent
step "format and lint (Biome)"
npm run lint --silent
step "unit and integration tests (vitest)"
npx vitest run
step "end-to-end tests (Playwright, Chromium)"
bash scripts/test/e2e.sh
