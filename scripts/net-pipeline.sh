#!/usr/bin/env bash
# The learned evaluation end to end, on the engine's own games only: self-play data, the
# fit, the weights file, and the timed match that judges it against the classical
# evaluation alone. `make net` runs it; every step's output lands in $OUT (target/net).
#
#   GAMES     self-play games, in four files (default 36000: about a million positions)
#   NODES     nodes a move in self-play (default 2000)
#   EPOCHS    passes of the fit (default 8)
#   TIME      milliseconds a move in the judging match (default 100)
#   PAIRS     most game pairs of the judging match (default 400; an SPRT 0/+25 may stop it sooner)
#
# Steps already done (their file is there) are skipped, so an interrupted run goes on
# where it stopped. About 40 minutes of self-play, 5 of fitting and an hour or more of
# match on two cores. Run it with nothing else heavy on the machine: the match is timed.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${OUT:-target/net}
GAMES=${GAMES:-36000}
NODES=${NODES:-2000}
EPOCHS=${EPOCHS:-8}
TIME=${TIME:-100}
PAIRS=${PAIRS:-400}
THREADS=${THREADS:-2}
mkdir -p "$OUT"
OUT=$(realpath "$OUT")

cargo build --release --features tools --bin tune --bin arena --bin pbrain-gomoku
bin=target/release

# 1. Self-play, in four parts so that a stop loses little. The seeds are not those of the
#    classical fit's games (21-24), and no game starts with a match opening.
per=$(((GAMES + 3) / 4))
files=()
for seed in 41 42 43 44; do
  f="$OUT/games-$seed.txt"
  files+=("$f")
  if [[ ! -s $f ]]; then
    echo "self-play: $per games, seed $seed, $NODES nodes a move"
    "$bin/tune" play --games "$per" --nodes "$NODES" --check-nodes "$NODES" \
      --threads "$THREADS" --seed "$seed" > "$f.part"
    mv "$f.part" "$f"
  fi
done

# 2. The fit, and the weights file the engine loads.
if [[ ! -s $OUT/net.bin ]]; then
  "$bin/tune" net --epochs "$EPOCHS" --threads "$THREADS" --out "$OUT/net.bin.part" "${files[@]}" \
    | tee "$OUT/fit.txt"
  mv "$OUT/net.bin.part" "$OUT/net.bin"
fi

# 3. The judging match, timed: a slower evaluation has to pay for its time. Its openings are
#    500 of `tune openings` (seed 7), none of them in the data.
if [[ ! -s $OUT/openings.txt ]]; then
  "$bin/tune" openings --games 500 --seed 7 > "$OUT/openings.txt.part"
  mv "$OUT/openings.txt.part" "$OUT/openings.txt"
fi
cat > "$OUT/with-net.sh" <<EOF
#!/bin/sh
GOMOKU_NET="$OUT/net.bin" exec "$OUT/classical"
EOF
chmod +x "$OUT/with-net.sh"
cp "$bin/pbrain-gomoku" "$OUT/classical"
GOMOKU_NET="$OUT/net.bin" "$bin/bench" | tail -3
"$bin/bench" | tail -3
"$bin/arena" "cmd:$OUT/with-net.sh" "cmd:$OUT/classical" --time "$TIME" \
  --openings "$OUT/openings.txt" --games $((2 * PAIRS)) --sprt 0,25 --save "$OUT/match.txt" | tee "$OUT/match-result.txt"
