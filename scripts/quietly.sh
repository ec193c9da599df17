#!/usr/bin/env bash
# Runs a long command with its output in a log, says every few seconds that it is still running
# (elapsed time and what it is doing), and at the end prints only the lines that matter: those
# matching PATTERN on success, the whole log on failure.
#   scripts/quietly.sh LABEL USUAL LOG PATTERN -- COMMAND [ARGS...]
# e.g. scripts/quietly.sh test-wasm "about a minute" target/test-wasm.log '^test result' -- cargo test ...
set -euo pipefail

# How often a running command reports that it is alive (seconds).
HEARTBEAT_SECONDS=15

(($# >= 6)) && [[ $5 == "--" ]] || {
  echo "usage: $0 LABEL USUAL LOG PATTERN -- COMMAND [ARGS...]" >&2
  exit 2
}
label=$1 usual=$2 log=$3 pattern=$4
shift 5

mkdir -p "$(dirname "$log")"
start=$SECONDS
printf '%s: running (usually %s; output in %s)\n' "$label" "$usual" "$log"
"$@" >"$log" 2>&1 &
pid=$!

# The last thing cargo (or anything else) said it was doing.
doing() {
  grep -E '^\s+(Compiling|Finished|Running|Downloaded)' "$log" | tail -n1 | sed -E 's/^\s+//' || true
}

while kill -0 "$pid" 2>/dev/null; do
  for _ in $(seq "$HEARTBEAT_SECONDS"); do
    sleep 1
    kill -0 "$pid" 2>/dev/null || break 2
  done
  printf '%s: ... %d s: %s\n' "$label" "$((SECONDS - start))" "$(doing)"
done

if wait "$pid"; then
  grep -E "$pattern" "$log" | sed "s/^/$label: /" || true
  printf '%s: done in %d s\n' "$label" "$((SECONDS - start))"
else
  rc=$?
  cat "$log"
  printf '%s: FAILED (exit %d) after %d s; the output above is also in %s\n' \
    "$label" "$rc" "$((SECONDS - start))" "$log"
  exit "$rc"
fi
