#!/usr/bin/env bash
# Plays `mcts` against `alphabeta` in Chinese Checkers under every target-stay and blocking
# rule and every player count, at a fixed time a move, and prints in Markdown how many games
# ended by the runner's ply cap and how `mcts` scored: its score with two players, its seats'
# share of the point per game played with more (docs/experiments/stalls.md).
#
#   docs/experiments/stalls_cc_rules.sh [PLAYERS ...]
#
# PLAYERS: player counts (2 to 6 by default). Environment: TABULA, the binary (default:
# built here with cargo); TC, the time control (default st=0.05); ROUNDS, rounds a match
# (default 2 with two or three players, 1 with more; a round seats every engine in every
# seat once); JOBS, games played at once (default 1); OUT, where the JSON lines and game
# records go (default target/experiments/stalls-cc); SEED (default 2026); STAY and BLOCK,
# the cc.target_stay and cc.anti_block values to run (default: all of them).
set -euo pipefail
cd "$(dirname "$0")/../.."

players=("$@")
[ ${#players[@]} -gt 0 ] || players=(2 3 4 5 6)

if [ -z "${TABULA:-}" ]; then
    cargo build --release --quiet -p tabula
    TABULA=target/release/tabula
fi
TC=${TC:-st=0.05}
JOBS=${JOBS:-1}
OUT=${OUT:-target/experiments/stalls-cc}
SEED=${SEED:-2026}
read -r -a stays <<<"${STAY:-strict final_only off}"
read -r -a blocks <<<"${BLOCK:-fill swap none}"
mkdir -p "$OUT"

echo "| players | target_stay | anti_block | games | capped | mcts score |"
echo "|---:|---|---|---:|---:|---:|"
for n in "${players[@]}"; do
    rounds=${ROUNDS:-$([ "$n" -le 3 ] && echo 2 || echo 1)}
    cap=$([ "$n" -le 4 ] && echo 1000 || echo 1500)
    for stay in "${stays[@]}"; do
        for block in "${blocks[@]}"; do
            file="$OUT/p$n-$stay-$block.jsonl"
            rm -f "$file" "${file%.jsonl}.pgn"
            "$TABULA" match chinese-checkers --players "$n" --engine mcts --engine alphabeta \
                --tc "$TC" --games "$((rounds * n))" --openings random:2 --seed "$SEED" \
                --concurrency "$JOBS" --max-plies "$cap" --jsonl "$file" --records "${file%.jsonl}.pgn" \
                --opt cc.target_stay="$stay" --opt cc.anti_block="$block" >"$OUT/p$n-$stay-$block.out"
            played=$(grep -c . "$file")
            capped=$(grep -c '"ends":"max plies"' "$file" || true)
            # Two seats: the score; more: its seats' share of the point per game played.
            score=$(awk '/^points per game played/ { on = 1; next } on && $1 == "mcts" { print $2; exit }' \
                "$OUT/p$n-$stay-$block.out")
            [ -n "$score" ] || score=$(awk '$1 == "mcts" { print $7; exit }' "$OUT/p$n-$stay-$block.out")
            echo "| $n | $stay | $block | $played | $capped | $score |"
        done
    done
done
