#!/usr/bin/env bash
# Plays the node-limited matches of docs/experiments/multiplayer.md and prints their tables
# in Markdown. Every match is limited by nodes (alpha-beta) or iterations (MCTS) a move and
# seeded, so the tables come out the same on any machine, however loaded.
#
#   docs/experiments/multiplayer.sh [alphabeta|mcts|all] [GAME ...]
#
# GAME is one of cc3 cc4 cc6 e3 e4 mc4 (all of them by default). Environment: TABULA, the
# binary (default: built here with cargo); JOBS, games played at once (default: the
# cores); OUT, where the JSON lines and match outputs go (default: target/experiments);
# AB_NODES and MCTS_NODES, the budgets a move (defaults 5000 nodes and 250 iterations,
# those of the document's tables); TIME, seconds a move: every engine thinks that long
# instead (st=TIME), and the tables then depend on the machine and its load; ROUNDS, the
# rounds of every match (default: each game's own, below).
set -euo pipefail
if [ -n "${ROUNDS+set}" ] && { [[ ! $ROUNDS =~ ^[0-9]+$ ]] || ((10#$ROUNDS == 0)); }; then
    echo "multiplayer.sh: ROUNDS must be a positive whole number, not '$ROUNDS'" >&2
    exit 2
fi
cd "$(dirname "$0")/../.."

which=${1:-all}
shift || true
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(cc3 cc4 cc6 e3 e4 mc4)
case $which in alphabeta | mcts | all) ;; *) echo "multiplayer.sh: unknown searcher '$which' (alphabeta, mcts or all)" >&2; exit 2 ;; esac

if [ -z "${TABULA:-}" ]; then
    cargo build --release --quiet -p tabula
    TABULA=target/release/tabula
fi
JOBS=${JOBS:-$(nproc)}
OUT=${OUT:-target/experiments}
mkdir -p "$OUT"

# The settings of each game: name, players, rounds (each round plays every one of the
# 2^players - 2 seatings of two engines from one random opening), ply cap.
setting() {
    case $1 in
        cc3) echo "chinese-checkers 3 30 1000" ;;
        cc4) echo "chinese-checkers 4 12 1000" ;;
        cc6) echo "chinese-checkers 6 3 1500" ;;
        e3) echo "e 3 10 900" ;;
        e4) echo "e 4 4 1200" ;;
        mc4) echo "martian-chess 4 12 1000" ;;
        *) echo "multiplayer.sh: unknown game '$1' (cc3 cc4 cc6 e3 e4 mc4)" >&2; exit 2 ;;
    esac
}

# The time control of each searcher: a fixed time a move if TIME is set, else alpha-beta
# nodes or MCTS iterations.
control() {
    if [ -n "${TIME:-}" ]; then
        echo "st=$TIME"
        return
    fi
    case $1 in
        alphabeta) echo "nodes=${AB_NODES:-5000}" ;;
        mcts) echo "nodes=${MCTS_NODES:-250}" ;;
    esac
}

# One match of model A against model B; prints a table row.
row() {
    local key=$1 searcher=$2 a=$3 b=$4
    local game players rounds cap
    read -r game players rounds cap <<<"$(setting "$key")"
    rounds=$((10#${ROUNDS:-$rounds}))
    local tc seatings games file
    tc=$(control "$searcher")
    seatings=$(((1 << players) - 2))
    games=$((rounds * seatings))
    file="$OUT/$key-$searcher-$tc-$a-$b"
    # The Chinese Checkers MCTS tables were played with full playouts and repetitions as
    # draws; the game's defaults now truncate playouts (docs/experiments/stalls.md).
    local pinned=""
    [ "$searcher:$game" != mcts:chinese-checkers ] || pinned=",cap=none,scale=400,repeat=true"
    rm -f "$file.jsonl"
    "$TABULA" match "$game" --players "$players" \
        --engine "name=$a,spec=$searcher:model=$a$pinned" --engine "name=$b,spec=$searcher:model=$b$pinned" \
        --seatings all --games "$games" --tc "$tc" --openings random:2 --seed 2026 \
        --max-plies "$cap" --concurrency "$JOBS" --jsonl "$file.jsonl" >"$file.out" 2>&1
    local share capped
    share=$(awk -v a="$a" '/^points per game played/ { on = 1; next } on && $1 == a { print $2, $3, $4, $5; exit }' "$file.out")
    capped=$(grep -o 'max plies [0-9]*' "$file.out" | awk '{ print $3 }' || true)
    echo "| $game | $players | $searcher ($tc a move) | $a vs $b | $games | $share | ${capped:-0} |"
}

echo "| game | players | searcher | match (A vs B) | games | A's points per game (95% interval) | capped |"
echo "|---|---|---|---|---|---|---|"
for key in "${games[@]}"; do
    setting "$key" >/dev/null
    for searcher in alphabeta mcts; do
        [ "$which" = all ] || [ "$which" = "$searcher" ] || continue
        row "$key" "$searcher" best-reply maxn
        row "$key" "$searcher" best-reply paranoid
        row "$key" "$searcher" paranoid maxn
    done
done
