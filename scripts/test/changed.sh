#!/usr/bin/env bash
# `npm run test:changed [base]`: the day-to-day loop. Checks only what the change touches, against
# `base` (default: where this branch left main, or HEAD when there is no main), uncommitted and
# untracked files included:
#   typecheck of the touched workspaces (all of them when shared/ changed: everything imports it),
#   Biome on the changed files, and vitest's related-files mode (the tests that import a changed
#   file, directly or not). CI still runs everything (`npm test`).
set -euo pipefail
cd "$(dirname "$0")/../.."
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
base="${1:-$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)}"
mapfile -t changed < <(
  { git diff --name-only --diff-filter=d "$base"; git ls-files --others --exclude-standard; } | sort -u
)
if [ "${#changed[@]}" -eq 0 ]; then
  echo "Nothing changed since $(git rev-parse --short "$base")."
  exit 0
fi
echo "== ${#changed[@]} file(s) changed since $(git rev-parse --short "$base")"

workspaces=()
for ws in shared functions scripts infra web; do
  if printf '%s\n' "${changed[@]}" | grep -q "^$ws/"; then workspaces+=("$ws"); fi
done
if printf '%s\n' "${changed[@]}" | grep -qE '^(shared/|tsconfig(\.node)?\.json$|package-lock\.json$)'; then
  workspaces=(shared functions scripts infra web)
fi
if [ "${#workspaces[@]}" -eq 5 ]; then
  # Everything: the Node workspaces as one program (each file checked once), then web (npm run typecheck).
  echo "== typecheck (every workspace)"
  npm run typecheck --silent
else
  for ws in "${workspaces[@]}"; do
    echo "== typecheck $ws"
    npx tsc -p "$ws"
  done
fi

mapfile -t lintable < <(printf '%s\n' "${changed[@]}" | grep -E '\.(ts|tsx|js|mjs|cjs|json|jsonc|css)$' || true)
if [ "${#lintable[@]}" -gt 0 ]; then
  echo "== Biome on ${#lintable[@]} changed file(s)"
  npx biome check --error-on-warnings --no-errors-on-unmatched --files-ignore-unknown=true "${lintable[@]}"
fi

mapfile -t sources < <(printf '%s\n' "${changed[@]}" | grep -E '\.(ts|tsx|mts|js|mjs)$' || true)
if [ "${#sources[@]}" -gt 0 ]; then
  echo "== vitest: tests related to ${#sources[@]} changed source file(s)"
  npx vitest related --run --passWithNoTests "${sources[@]}"
fi
