#!/usr/bin/env bash
# Runs a command and passes its output through as it comes; whenever the command has said
# nothing for a while (a long compile, a slow test), says that it is still running, for how
# long, and how long it usually takes. Ends with the step's time and the command's exit code.
#   scripts/alive.sh LABEL USUAL -- COMMAND [ARGS...]
set -uo pipefail

# Silence longer than this gets a line of its own (seconds).
QUIET_SECONDS=20

(($# >= 4)) && [[ $3 == "--" ]] || {
  echo "usage: $0 LABEL USUAL -- COMMAND [ARGS...]" >&2
  exit 2
}
label=$1 usual=$2
shift 3

start=$SECONDS
printf '%s: running (usually %s)\n' "$label" "$usual"
"$@" 2>&1 | {
  said=$SECONDS
  while :; do
    if IFS= read -r -t 1 line; then
      printf '%s\n' "$line"
      said=$SECONDS
    else
      (($? > 128)) || break # end of output
      # A timeout may leave part of a line read: pass it on, the rest follows.
      [[ -z "$line" ]] || { printf '%s' "$line"; said=$SECONDS; }
      if ((SECONDS - said >= QUIET_SECONDS)); then
        printf '%s: ... still running, %d s so far (usually %s)\n' "$label" "$((SECONDS - start))" "$usual"
        said=$SECONDS
      fi
    fi
  done
}
rc=${PIPESTATUS[0]}
if ((rc == 0)); then
  printf '%s: done in %d s\n' "$label" "$((SECONDS - start))"
else
  printf '%s: FAILED (exit %d) after %d s\n' "$label" "$rc" "$((SECONDS - start))"
fi
exit "$rc"
