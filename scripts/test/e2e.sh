#!/usr/bin/env bash
# Playwright end-to-end tests in Debian's Chromium against the local runtime.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests (never a downloaded browser)..."
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
exec npx playwright test -c web/e2e/playwright.config.ts "$@"
