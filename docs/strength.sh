#!/usr/bin/env bash
# Plays the matches of the strength ledger and writes docs/strength.md from their games.
#
#   docs/strength.sh list                 the rows: id, game, seats, options, engine, opponent, time
#   docs/strength.sh play [PATTERN ...]   plays the rows whose id matches a pattern (bash glob;
#                                         all rows by default), resuming any stopped match
#   docs/strength.sh report               writes docs/strength.md from every row's games
#
# Every row is one `tabula match`: the engine in one seat, the opponent in every other, random
# openings, seats rotated every round. Its games go to docs/strength/ID.jsonl (one JSON line a
# game, kept in the repository, so the ledger is regenerated from the games themselves) and a
# line `ID commit date` to docs/strength/played. A stopped match resumes where it stopped.
#
# Environment:
#   TABULA  the binary (default: built here with `cargo build --release`)
#   JOBS    games played at once (default 2; every engine thinks on one thread, so no more
#           than the cores: the rows are played at a fixed time a move)
#   SHARD   K/N: play only shard K of N of every row (rounds K-1 modulo N), into
#           docs/strength/ID.shard-K-of-N.jsonl; `report` merges the shards it finds
#   GAMES   games a row (default 40: rounded up to whole rounds of the seats)
#   RECORDS where each row's game records go, to read a game again (default
#           docs/strength/records/, which git ignores: the JSON lines are the ledger)
set -euo pipefail
cd "$(dirname "$0")/.."

DATA=docs/strength
RECORDS=${RECORDS:-$DATA/records}
JOBS=${JOBS:-2}
GAMES=${GAMES:-40}
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "strength.sh: JOBS must be a positive whole number, not '$JOBS'" >&2; exit 2; }
[[ $GAMES =~ ^[1-9][0-9]*$ ]] || { echo "strength.sh: GAMES must be a positive whole number, not '$GAMES'" >&2; exit 2; }
if [ -n "${SHARD:-}" ] && ! [[ $SHARD =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ && ${BASH_REMATCH[1]} -le ${BASH_REMATCH[2]} ]]; then
    echo "strength.sh: SHARD must be K/N with 1 <= K <= N, not '$SHARD'" >&2
    exit 2
fi

# The rows. Fields: id, game, players, rule options (KEY=VALUE joined by commas, or -), engine,
# opponent, time control, ply cap. The bar rows (section "bar") are every game, seat count and
# rule option that changes how a game ends or how material counts, for both searchers against
# `minimax` at the same time a move.
rows() {
    local stem game players options cap

    while read -r stem game players options cap; do
        [ -n "$stem" ] || continue
        echo "bar|$stem-ab-mm|$game|$players|$options|alphabeta|minimax|st=0.1|$cap"
        echo "bar|$stem-mc-mm|$game|$players|$options|mcts|minimax|st=0.1|$cap"
    done <<'EOF'
cc2             chinese-checkers 2 -                               1000
cc3             chinese-checkers 3 -                               1000
cc4             chinese-checkers 4 -                               1000
cc5             chinese-checkers 5 -                               1500
cc6             chinese-checkers 6 -                               1500
cc2-noblock     chinese-checkers 2 cc.anti_block=none              1000
cc2-swap        chinese-checkers 2 cc.anti_block=swap              1000
cc2-stayfinal   chinese-checkers 2 cc.target_stay=final_only       1000
cc2-stayoff     chinese-checkers 2 cc.target_stay=off              1000
e2              e                2 -                               900
e3              e                3 -                               900
e4              e                4 -                               1200
e5              e                5 -                               1500
e6              e                6 -                               1800
e2-untouchable  e                2 e.goal_requires_untouchable=true 900
e2-pattern      e                2 e.goal_start_pattern=true       900
e2-noexchange   e                2 e.standalone_exchange=off       900
il              icelights        2 -                               1000
il-optional     icelights        2 il.move_optional=true           1000
mc2             martian-chess    2 -                               300
mc2-alwayson    martian-chess    2 mc.clock=always_on,mc.clock_limit=27 300
mc2-off         martian-chess    2 mc.clock=off                    300
mc2-nomove      martian-chess    2 mc.no_move=end_game_and_score   300
mc4             martian-chess    4 -                               600
mc4-off         martian-chess    4 mc.clock=off                    600
mc4-teams       martian-chess    4 mc.teams=true                   600
co2             coaster-chess    2 -                               300
co2-off         coaster-chess    2 mc.clock=off                    300
co4             coaster-chess    4 -                               600
eg              echelon          2 -                               none
eg3             echelon          2 ge.radius=3                     none
EOF
    # Each engine against greedy, and the two against each other, at the game's defaults.
    local tc
    for tc in st=0.1 st=1; do
        while read -r stem game players cap; do
            echo "greedy|$stem-ab-gr-${tc#st=}|$game|$players|-|alphabeta|greedy|$tc|$cap"
            echo "greedy|$stem-mc-gr-${tc#st=}|$game|$players|-|mcts|greedy|$tc|$cap"
            echo "each|$stem-ab-mc-${tc#st=}|$game|$players|-|alphabeta|mcts|$tc|$cap"
        done <<'EOF'
cc2 chinese-checkers 2 1000
e2  e                2 900
e3  e                3 900
e6  e                6 1800
il  icelights        2 1000
mc2 martian-chess    2 300
co2 coaster-chess    2 300
eg  echelon          2 none
EOF
    done
}

# The rows whose id matches one of the patterns (all when there are none).
selected() {
    local row id pattern
    while IFS= read -r row; do
        id=$(cut -d'|' -f2 <<<"$row")
        if [ $# -eq 0 ]; then echo "$row"; continue; fi
        for pattern in "$@"; do
            # shellcheck disable=SC2053
            if [[ $id == $pattern ]]; then echo "$row"; break; fi
        done
    done < <(rows)
}

binary() {
    if [ -z "${TABULA:-}" ]; then
        cargo build --release --quiet -p tabula-cli
        TABULA=target/release/tabula
    fi
}

# The `tabula match` arguments of a row, without the output files.
match_args() {
    local game=$1 players=$2 options=$3 engine=$4 opponent=$5 tc=$6 cap=$7 opt i
    printf '%s\n' "$game" --players "$players" --engine "$engine"
    for ((i = 1; i < players; i++)); do printf '%s\n' --engine "$opponent"; done
    if [ "$options" != - ]; then
        for opt in ${options//,/ }; do printf '%s\n' --opt "$opt"; done
    fi
    # The margin forgives a move that overruns its time because the machine was busy (the
    # engines still plan for the row's time); without it a compile beside the ledger forfeits games.
    printf '%s\n' --tc "$tc" --margin 0.5 --games "$GAMES" --openings random:4 --max-plies "$cap"
}

# The games a row's file holds (0 before its first game).
lines() {
    if [ -e "$1" ]; then wc -l <"$1"; else echo 0; fi
}

play() {
    binary
    mkdir -p "$DATA" "$RECORDS"
    local commit
    commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo "+changes")
    local row section id game players options engine opponent tc cap file records shard=()
    while IFS='|' read -r section id game players options engine opponent tc cap; do
        file=$DATA/$id.jsonl
        records=$RECORDS/$id.rec
        if [ -n "${SHARD:-}" ]; then
            file=$DATA/$id.shard-${SHARD%/*}-of-${SHARD#*/}.jsonl
            records=$RECORDS/$id.shard-${SHARD%/*}-of-${SHARD#*/}.rec
            shard=(--shard "$SHARD")
        fi
        echo "== $id ($section): $engine vs $opponent, $game $players seats, $options, $tc" >&2
        mapfile -t args < <(match_args "$game" "$players" "$options" "$engine" "$opponent" "$tc" "$cap")
        local before after
        before=$(lines "$file")
        "$TABULA" match "${args[@]}" "${shard[@]}" --concurrency "$JOBS" --jsonl "$file" --records "$records" --resume |
            grep -E '^(Score|Game [0-9]|Ends)' >&2 || true
        after=$(lines "$file")
        # The commit is the one that played the row's last games: a row with nothing left to
        # play keeps its line.
        if [ "$after" -eq "$before" ] && grep -q "^$id " "$DATA/played" 2>/dev/null; then
            continue
        fi
        grep -v "^$id " "$DATA/played" 2>/dev/null >"$DATA/played.new" || true
        echo "$id $commit $(date -u +%F)" >>"$DATA/played.new"
        sort "$DATA/played.new" >"$DATA/played"
        rm "$DATA/played.new"
    done < <(selected "$@")
}

# One ledger line for a row from its merged report: score, interval, games, capped.
summary() {
    awk -v subject="$1" '
        /^engine +games/ { table = 1; next }
        table && $1 == subject { games = $2; score = $6; table = 0 }
        /^Ends:/ {
            capped = 0
            if (match($0, /max plies [0-9]+/)) { capped = substr($0, RSTART + 10, RLENGTH - 10) }
        }
        END {
            if (games == 0) { exit 1 }
            p = score / games; z = 1.959964; n = games
            centre = (p + z * z / (2 * n)) / (1 + z * z / n)
            half = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
            low = centre - half; high = centre + half
            if (low < 0) low = 0
            if (high > 1) high = 1
            printf "%d|%.1f%%|%.1f%% .. %.1f%%|%d\n", games, 100 * p, 100 * low, 100 * high, capped
        }'
}

report() {
    binary
    local out=docs/strength.md
    {
        cat <<'EOF'
# Strength

Every figure here comes from `docs/strength.sh`, which plays one `tabula match` a row (random
openings of 4 plies, in Martian and Coaster Chess drawn again until no piece hangs; seats
rotated each round, one thread an engine, two games at once on a 2-core machine) and keeps each game as a JSON line in `docs/strength/`; `docs/strength.sh
report` writes this page from those games. A row's command is `tabula match GAME --players N
--engine ENGINE --engine OPPONENT` (the opponent in every other seat) `--tc TIME --margin 0.5
--games 40 --openings random:4 --max-plies CAP`, with the row's options as `--opt` (the margin
forgives a move that overruns because the machine was busy; engines still plan for TIME). Score: the engine's
share of the points (a win 1, a k-way shared first place 1/k), with its 95% Wilson interval;
capped: games ended by the ply cap. Rows at a fixed time depend on the machine and its load.

## The bar: both searchers against `minimax`

`minimax` is the yardstick: textbook alpha-beta (paranoid with more seats) over the game's
plainest score (points, race distance, moves), no move ordering, table or quiescence,
deepening on the clock. The bar: at 0.1 s a move each, at least 90% of the points with two
seats, twice an equal share with more (two thirds with three, half with four, two fifths
with five, a third with six), and at most 5% of the games at the ply cap.

EOF
        section "bar"
        cat <<'EOF'

## Against `greedy`, and against each other

At the game's default options. `greedy` plays the move its evaluator likes best one ply
deep; in the each-other rows the first engine holds one seat and the second the others.

EOF
        section "greedy"
        echo
        section "each"
        echo
        notes
    } >"$out.new"
    mv "$out.new" "$out"
    echo "wrote $out" >&2
}

# The table of one section.
section() {
    local want=$1 row section id game players options engine opponent tc cap files merged line
    echo "| row | game | seats | options | engine | opponent | time | games | score | 95% | capped | bar | commit | date |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    while IFS='|' read -r section id game players options engine opponent tc cap; do
        [ "$section" = "$want" ] || continue
        mapfile -t files < <(ls "$DATA/$id.jsonl" "$DATA/$id".shard-*.jsonl 2>/dev/null || true)
        local opts=-
        [ "$options" = - ] || opts="\`${options//,/ }\`"
        if [ ${#files[@]} -eq 0 ]; then
            echo "| $id | $game | $players | $opts | $engine | $opponent | $tc | not played | | | | | | |"
            continue
        fi
        merged=$("$TABULA" merge --partial "${files[@]}" 2>/dev/null) || true
        if ! line=$(summary "$engine" <<<"$merged"); then
            echo "| $id | $game | $players | $opts | $engine | $opponent | $tc | unreadable | | | | | | |"
            continue
        fi
        local games score interval capped bar=""
        IFS='|' read -r games score interval capped <<<"$line"
        if [ "$section" = bar ]; then
            bar=$(awk -v s="${score%\%}" -v n="$players" -v g="$games" -v c="$capped" \
                'BEGIN { need = (n == 2) ? 90 : 200 / n; print (s >= need && c <= 0.05 * g) ? "met" : "**not met**" }')
        fi
        local commit date
        read -r _ commit date < <(grep "^$id " "$DATA/played" 2>/dev/null || echo "- - -")
        echo "| $id | $game | $players | $opts | $engine | $opponent | $tc | $games | $score | $interval | $capped | $bar | $commit | $date |"
    done < <(rows)
}

# What the page says about the rows below the bar and the choices they led to.
notes() {
    [ -f "$DATA/notes.md" ] && cat "$DATA/notes.md"
    return 0
}

case ${1:-} in
    list) rows | cut -d'|' -f2- | tr '|' ' ' ;;
    play) shift; play "$@" ;;
    report) report ;;
    *) echo "usage: docs/strength.sh list | play [PATTERN ...] | report" >&2; exit 2 ;;
esac
