#!/usr/bin/env bash
# The project's format, checked (the first stage of npm test) or applied (npm run format, or --write):
# clang-format 14 with .clang-format (Google style) on every C++ file, Prettier with .prettierrc.json (its
# defaults) on every JS, TS, CSS, HTML and JSON file that .prettierignore does not exclude.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mapfile -t cpp < <(git ls-files -co --exclude-standard '*.cpp' '*.h')
status=0
if [ "${1:-}" = "--write" ]; then
  clang-format -i "${cpp[@]}" || status=1
  node_modules/.bin/prettier --write --log-level warn . || status=1
  exit $status
fi
if ! clang-format --dry-run -Werror "${cpp[@]}" 2>/tmp/np-format.$$; then
  grep -m 20 'error:' /tmp/np-format.$$ >&2
  echo "format: C++ files differ from clang-format (.clang-format); run npm run format" >&2
  status=1
fi
rm -f /tmp/np-format.$$
if ! node_modules/.bin/prettier --check --log-level warn .; then
  echo "format: files differ from Prettier (.prettierrc.json); run npm run format" >&2
  status=1
fi
exit $status
