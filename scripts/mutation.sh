#!/usr/bin/env bash
# npm run mutation [-- machines|server|all [stryker options…]]: mutation testing with Stryker (vitest runner). A report,
# not part of npm test. Stryker 10 refuses Node 20, so it runs on the Node 24 that scripts/node-lts.sh installs (the same
# node_modules). Reports: .stryker/<area>/report.html and report.json at the end of a run, and each mutant's result as it
# comes in .stryker/<area>/mutants.jsonl (stryker/mutant-log.mjs); reruns are incremental (.stryker/<area>/incremental.json).
#   machines: machines/**/*.ts against tests/machines + tests/unit (stryker/machines.config.mjs)
#   server:   server/repositories + server/routes against tests/server on PGlite, or on PostgreSQL with DATABASE_URL
#             (about twice as fast; stryker/server.config.mjs; slow)
set -euo pipefail
cd "$(dirname "$0")/.."

area=${1:-all}
[ $# -gt 0 ] && shift
case "$area" in
  machines | server) areas=("$area") ;;
  all) areas=(machines server) ;;
  *) echo "mutation: the area is machines, server or all, not '$area'" >&2; exit 2 ;;
esac

node24=$(bash scripts/node-lts.sh 24)
status=0
for a in "${areas[@]}"; do
  echo "=== mutation: $a ==="
  PATH="$node24:$PATH" node node_modules/@stryker-mutator/core/bin/stryker.js run "stryker/$a.config.mjs" "$@" || status=1
done
exit $status
