#!/usr/bin/env bash
# Tunes each game's evaluator from self-play and tests the new weights against the compiled-in
# ones, the runs behind the "Tuned weights" section of docs/strength.md:
#
#   docs/tuning.sh [KEY ...]     KEY: mc co eg cc e2 il (all, in that order, by default)
#
# For each game: 1. alpha-beta plays itself at 20,000 nodes a move from random openings
# (KEY.rec); 2. `tabula tune` fits the weights (KEY.weights, report in KEY.tune.log);
# 3. the tuned weights play the compiled-in ones at the same node budget under SPRT
# (elo0=0, elo1=20; with more than two seats, E's 3- and 6-seat checks, 300 games scored by
# share, since --sprt tests two-seat game pairs); 4. 200 games at 0.1 s a move confirm the
# result at a time control. A weights file that wins both goes to crates/engine/weights/
# by hand. Every step is skipped when its output exists, and a match resumes where it
# stopped; a file named `stop` in the output directory ends the run after the current step.
#
# Environment:
#   TABULA  a release build of tabula (required)
#   OUT     where the records, weights and logs go (default tuning-runs, which git ignores)
set -uo pipefail
T=${TABULA:?set TABULA to a release build of tabula}
D=${OUT:-tuning-runs}; mkdir -p "$D"; D=$(cd "$D" && pwd)
cd "$D"
stop() { [ -e $D/stop ]; }
run_game() {
  local key=$1 game=$2 players=$3 nodes=$4 games=$5 extra=${6:-}
  local rec=$D/$key.rec w=$D/$key.weights
  stop && return
  if [ ! -e $D/$key.selfplay.done ]; then
    echo "== $key self-play $(date -u +%FT%TZ)"
    $T match $game --players $players --engine alphabeta --engine alphabeta --tc nodes=$nodes --games $games \
      --openings random:4 --seed 47 --records $rec --jsonl $D/$key.selfplay.jsonl --resume --concurrency 1 $extra > $D/$key.selfplay.log 2>&1 \
      && touch $D/$key.selfplay.done
  fi
  stop && return
  if [ ! -e $w ]; then
    echo "== $key tune $(date -u +%FT%TZ)"
    $T tune $game --records $rec --out $w $( [ $game = e ] && echo --tactical ) > $D/$key.tune.log 2>&1
  fi
}
sprt() {
  local key=$1 game=$2 players=$3 nodes=$4 w=$5 extra=${6:-}
  stop && return
  [ -e $D/$key.sprt.done ] && return
  echo "== $key sprt $(date -u +%FT%TZ)"
  local engines=(--engine "name=tuned,spec=alphabeta:weights=$w" --engine "name=today,spec=alphabeta")
  if [ "$players" -gt 2 ]; then for _ in $(seq 3 $players); do engines+=(--engine "name=today,spec=alphabeta"); done; fi
  # --sprt tests game pairs of two seats; with more seats a fixed number of games, scored by share.
  local test=(--games 4000 --sprt elo0=0,elo1=20)
  [ "$players" -gt 2 ] && test=(--games 300)
  $T match $game --players $players "${engines[@]}" --tc nodes=$nodes "${test[@]}" --openings random:4 --seed 48 \
    --jsonl $D/$key.sprt.jsonl --resume --concurrency 1 $extra > $D/$key.sprt.log 2>&1 \
    && touch $D/$key.sprt.done
}
confirm() {
  local key=$1 game=$2 players=$3 w=$4 cap=$5
  stop && return
  [ -e $D/$key.confirm.done ] && return
  echo "== $key confirm st=0.1 $(date -u +%FT%TZ)"
  $T match $game --players $players --engine "name=tuned,spec=alphabeta:weights=$w" --engine "name=today,spec=alphabeta" \
    --tc st=0.1 --margin 0.5 --games 200 --openings random:4 --seed 49 --max-plies $cap --jsonl $D/$key.confirm.jsonl --resume --concurrency 1 \
    > $D/$key.confirm.log 2>&1 && touch $D/$key.confirm.done
}
keys=("$@"); [ ${#keys[@]} -eq 0 ] && keys=(mc co eg cc e2 il)
for key in "${keys[@]}"; do
  case $key in
    mc) run_game mc martian-chess 2 20000 1500; sprt mc martian-chess 2 20000 $D/mc.weights "--max-plies 300"; confirm mc martian-chess 2 $D/mc.weights 300 ;;
    co) run_game co coaster-chess 2 20000 1500; sprt co coaster-chess 2 20000 $D/co.weights "--max-plies 300"; confirm co coaster-chess 2 $D/co.weights 300 ;;
    eg) run_game eg echelon 2 20000 1500; sprt eg echelon 2 20000 $D/eg.weights; confirm eg echelon 2 $D/eg.weights none ;;
    cc) run_game cc chinese-checkers 2 20000 800; sprt cc chinese-checkers 2 20000 $D/cc.weights "--max-plies 1000"; confirm cc chinese-checkers 2 $D/cc.weights 1000 ;;
    e2) run_game e2 e 2 20000 600 "--max-plies 900"; sprt e2 e 2 20000 $D/e2.weights "--max-plies 900"; sprt e3 e 3 20000 $D/e2.weights "--max-plies 900"; sprt e6 e 6 10000 $D/e2.weights "--max-plies 1800"
        confirm e2 e 2 $D/e2.weights 900 ;;
    il) run_game il icelights 2 10000 300 "--max-plies 1000"; sprt il icelights 2 10000 $D/il.weights "--max-plies 1000"; confirm il icelights 2 $D/il.weights 1000 ;;
    *) echo "docs/tuning.sh: unknown key '$key' (mc co eg cc e2 il)" >&2; exit 2 ;;
  esac
done
echo "== done $(date -u +%FT%TZ)"
