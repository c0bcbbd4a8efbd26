#!/usr/bin/env bash
# Playwright end-to-end tests in Debian's Chromium against the local runtime.
# The server's data directory (first start + blocking demo backfill) and its web build are made
# first by scripts/test/e2e-prepare.ts: kept between runs while their sources do not change, so one
# spec re-runs in seconds of setup instead of minutes. E2E_DATA_DIR, when set and already filled
# (npm test prepares it in the background during typecheck), is used as it is.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Debian's chromium-headless-shell (the same Chromium build without the full browser's window and UI machinery, which
# is what Playwright itself runs headless; about 18% less CPU on this suite), else Debian's chromium. Installed from
# apt when missing, never a downloaded browser; web/e2e/playwright.config.ts takes the headless shell when present.
apt_install() {
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$1" >/dev/null; } || return 1
}
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1; then
  echo "Installing Debian's chromium-headless-shell for the end-to-end tests (never a downloaded browser)..."
  if ! apt_install chromium-headless-shell && ! command -v chromium >/dev/null 2>&1; then
    echo "No chromium-headless-shell package: installing Debian's chromium instead..."
    apt_install chromium
  fi
fi
export E2E_PORT="${E2E_PORT:-3100}"
# A web build per port: runs on other ports (a developer's, a parallel suite) build their own copy,
# never the directory another server is serving (vite empties its output first).
export WEB_DIST="${WEB_DIST:-${TMPDIR:-/tmp}/tapewatch-e2e-web-$E2E_PORT}"
if [ -z "${E2E_DATA_DIR:-}" ]; then
  E2E_DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tapewatch-e2e-XXXXXX")"
  trap 'rm -rf "$E2E_DATA_DIR"' EXIT
fi
export E2E_DATA_DIR
node --import tsx scripts/test/e2e-prepare.ts "$E2E_DATA_DIR"
npx playwright test -c web/e2e/playwright.config.ts "$@"
