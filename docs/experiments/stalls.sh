#!/usr/bin/env bash
# Plays every pair of alphabeta, mcts and greedy in every game at a fixed time a move and
# prints, in Markdown, how many games ended by the runner's ply cap: a searcher that
# shuffles instead of finishing shows up there (docs/experiments/stalls.md).
#
#   docs/experiments/stalls.sh [GAME ...]
#
# GAME is a game's name (all six by default). Environment: TABULA, the binary (default:
# built here with cargo); TC, the time control (default st=0.05); GAMES, games a pair
# (default 10, seats swapped); JOBS, games played at once (default 1: timed matches want a
# core an engine); OUT, where the JSON lines and the game records go (default
# target/experiments/stalls: a capped game can be replayed from its record);
# SEED (default 2026); OPTS, extra `--opt` flags for every match.
set -euo pipefail
cd "$(dirname "$0")/../.."

games=("$@")
[ ${#games[@]} -gt 0 ] || games=(chinese-checkers e echelon icelights martian-chess coaster-chess)

if [ -z "${TABULA:-}" ]; then
    cargo build --release --quiet -p tabula
    TABULA=target/release/tabula
fi
TC=${TC:-st=0.05}
GAMES=${GAMES:-10}
JOBS=${JOBS:-1}
OUT=${OUT:-target/experiments/stalls}
SEED=${SEED:-2026}
mkdir -p "$OUT"

echo "| game | pair | games | capped | share capped |"
echo "|---|---|---:|---:|---:|"
for game in "${games[@]}"; do
    for pair in "alphabeta mcts" "alphabeta greedy" "mcts greedy"; do
        read -r a b <<<"$pair"
        file="$OUT/$game-$a-$b.jsonl"
        rm -f "$file" "$OUT/$game-$a-$b.pgn"
        # shellcheck disable=SC2086
        "$TABULA" match "$game" --engine "$a" --engine "$b" --tc "$TC" --games "$GAMES" \
            --openings random:2 --seed "$SEED" --concurrency "$JOBS" --jsonl "$file" \
            --records "$OUT/$game-$a-$b.pgn" ${OPTS:-} \
            >"$OUT/$game-$a-$b.out"
        played=$(grep -c . "$file")
        capped=$(grep -c '"ends":"max plies"' "$file" || true)
        echo "| $game | $a vs $b | $played | $capped | $((100 * capped / played))% |"
    done
done
