"""How fast Python drives the games: plies per second of random Chinese Checkers played
through `legal_moves()` and `play()`, and of `random_playouts`, which plays whole games in
Rust. Prints the median of several runs. Not a test: run it against a release build
(`maturin develop --release`), on a quiet machine.

    python crates/python/bench/loop.py [--runs 5] [--plies 200000] [--games 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import tabula_games


def python_loop(plies: int, seed: int) -> float:
    """Plies per second of random games played move by move from Python (a new game
    whenever one ends)."""
    rng = random.Random(seed)
    game = tabula_games.Game("chinese-checkers")
    start = time.perf_counter()
    for _ in range(plies):
        if game.is_over:
            game = tabula_games.Game("chinese-checkers")
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return plies / (time.perf_counter() - start)


def playouts(name: str, players: int, games: int, seed: int, max_plies: int):
    """Games and plies per second of `random_playouts`."""
    game = tabula_games.Game(name, players=players)
    start = time.perf_counter()
    out = tabula_games.random_playouts(game, games, seed=seed, max_plies=max_plies)
    elapsed = time.perf_counter() - start
    return games / elapsed, float(out["plies"].sum()) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each measure (the median is printed)")
    parser.add_argument("--plies", type=int, default=200_000, help="plies of the Python loop per run")
    parser.add_argument("--games", type=int, default=200, help="games of random_playouts per run")
    args = parser.parse_args()
    print(f"tabula_games {tabula_games.__version__}, {args.runs} runs, load average {os.getloadavg()[0]:.2f}")

    loop = [python_loop(args.plies, seed) for seed in range(args.runs)]
    print(f"Python loop, chinese-checkers 2 players, legal_moves() + play(): "
          f"{statistics.median(loop):,.0f} plies/s (runs: {', '.join(f'{x:,.0f}' for x in loop)})")

    cases = [("chinese-checkers", 2, 5000), ("chinese-checkers", 6, 5000), ("martian-chess", 2, 1000),
             ("echelon", 2, 1000), ("icelights", 2, 1000), ("e", 2, 200)]
    for name, players, cap in cases:
        runs = [playouts(name, players, args.games, seed, cap) for seed in range(args.runs)]
        games_s = statistics.median(r[0] for r in runs)
        plies_s = statistics.median(r[1] for r in runs)
        print(f"random_playouts, {name} {players} players (cap {cap} plies): {games_s:,.0f} games/s, {plies_s:,.0f} plies/s")


if __name__ == "__main__":
    main()
