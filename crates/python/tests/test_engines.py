"""The engines from Python: search, matches and random playouts, and the GIL released while
Rust works."""

from __future__ import annotations

import subprocess
import threading
import time

import numpy as np
import pytest

import tabula_games
from tabula_games import Game
from conftest import GAMES, random_game


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("engine", ["alphabeta", "mcts"])
def test_search_returns_a_legal_move(name, engine):
    game = random_game(name, 2, seed=5, plies=4)
    found = tabula_games.search(game, engine=engine, nodes=300)
    legal = [str(m) for m in game.legal_moves()]
    assert str(found.move) in legal
    assert found.nodes > 0 and found.time >= 0
    # The principal variation starts with the move and can be played out.
    assert found.pv and str(found.pv[0]) == str(found.move)
    line = game.clone()
    for move in found.pv:
        line.play(str(move))
    # The move plays in the game it was found for.
    game.play(found.move)


def test_search_of_a_finished_game_has_no_move():
    game = random_game("martian-chess", 2, seed=1, plies=10_000)
    assert game.is_over
    assert tabula_games.search(game, depth=2).move is None


@pytest.mark.parametrize("name", GAMES)
def test_search_is_the_engine_of_tabula_go(tabula_cli, name):
    # A fixed-depth alpha-beta search is deterministic: Python and `tabula go` find the same
    # move, score and node count from the same position text.
    game = random_game(name, 2, seed=8, plies=1 if name == "icelights" else 3)
    assert not game.is_over
    depth = 2 if name == "icelights" else 3
    found = tabula_games.search(game, engine="alphabeta", depth=depth)
    command = [tabula_cli, "go", name, "--position", game.to_text(), "--engine", "alphabeta", "--depth", str(depth)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    last = [line for line in run.stdout.splitlines() if line.startswith(f"info depth={depth} ")][-1]
    fields = dict(word.split("=", 1) for word in last.split() if "=" in word)
    assert (int(fields["score"]), int(fields["nodes"])) == (found.score, found.nodes), last
    assert f"bestmove {found.move}" in run.stdout
    assert found.depth == depth


def progress_during(work) -> float:
    """The share of `work`'s duration during which another Python thread kept running."""
    stamps = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            stamps.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.02)
    start = time.perf_counter()
    work()
    end = time.perf_counter()
    stop.set()
    ticker.join()
    inside = [t for t in stamps if start <= t <= end]
    # Each tick stands for the millisecond or so it slept: the covered share of the work.
    return min(1.0, len(inside) * 0.001 / (end - start))


def test_search_releases_the_gil():
    game = Game("chinese-checkers")
    share = progress_during(lambda: tabula_games.search(game, think=0.3))
    # Holding the GIL, the search would let the ticker run for a switch interval (5 ms)
    # at most; released, it ticks through most of the 0.3 s.
    assert share > 0.3, f"another thread ran for {share:.0%} of the search"


def lasting(call, sizes):
    """`call` with the first of `sizes` that makes it last 50 ms or more (the last one if
    none does), so that a debug build and an optimized one both test a long enough call."""
    for size in sizes:
        start = time.perf_counter()
        call(size)
        if time.perf_counter() - start >= 0.05:
            break
    return lambda: call(size)


def test_perft_and_playouts_release_the_gil():
    game = Game("e")
    perft = lasting(game.perft, [2, 3, 4])
    assert progress_during(perft) > 0.3
    playouts = lasting(lambda n: tabula_games.random_playouts(game, n, max_plies=300), [10, 40, 160, 640])
    assert progress_during(playouts) > 0.3


def test_a_match_plays_its_games(tabula_cli, tmp_path):
    match = tabula_games.Match(Game("martian-chess"), ["alphabeta", "mcts"], tc="nodes=200", games=2, seed=3)
    games = match.run()
    assert [g.number for g in games] == [1, 2]
    # Seats swap between the two games of a round.
    assert games[0].seats == ["alphabeta", "mcts"] and games[1].seats == ["mcts", "alphabeta"]
    for g in games:
        assert g.plies > 0 and g.termination
        assert sum(g.outcome.scores) == pytest.approx(1.0)
        assert g.line["game"] == g.number and g.line["plies"] == g.plies and g.line["seats"] == g.seats
        assert g.line["scores"] == g.outcome.scores
        assert '[Game "martian-chess"]' in g.record and '[TimeControl "nodes=200"]' in g.record
        # The command line replays the record to the same end.
        path = tmp_path / f"game{g.number}.txt"
        path.write_text(g.record)
        shown = subprocess.run([tabula_cli, "show", "--record", str(path), "--game", str(g.number)], capture_output=True, text=True, timeout=60)
        assert shown.returncode == 0, shown.stderr
        assert f"ply={g.plies} " in shown.stdout
        if g.outcome.winner is not None:
            assert f"result: seat {g.outcome.winner} wins" in shown.stdout


def test_a_match_caps_games_as_tabula_match_does():
    # Random players in E rarely finish; without a cap of the game's own the match's applies.
    games = tabula_games.Match(Game("e"), ["random", "random"], tc="nodes=1", games=2, max_plies=30).run()
    assert [g.plies for g in games] == [30, 30]
    assert all(g.termination == "max plies" for g in games)
    # The outcome gives the rules' reason, the game its termination.
    assert all(g.outcome.reason == "the ply limit max_plies=30 was reached" for g in games)


def test_a_match_keeps_the_rule_options():
    games = tabula_games.Match(Game("chinese-checkers", options={"max_plies": 6}), ["greedy", "random"], tc="nodes=10", games=2).run()
    assert all(g.plies == 6 for g in games)
    assert all('max_plies=6' in g.record for g in games)


def test_random_playouts_shapes_and_seeds():
    game = Game("echelon")
    out = tabula_games.random_playouts(game, 50, seed=9, max_plies=40)
    assert set(out) == {"plies", "scores", "finished"}
    assert out["plies"].shape == (50,) and out["scores"].shape == (50, 2) and out["finished"].shape == (50,)
    assert out["finished"].dtype == np.bool_
    assert np.all(out["plies"] <= 40)
    # An unfinished game reached the budget and scores nothing; a finished one shares the point.
    assert np.all(out["plies"][~out["finished"]] == 40)
    assert np.allclose(out["scores"].sum(axis=1), np.where(out["finished"], 1.0, 0.0))
    assert out["finished"].any() and not out["finished"].all()
    again = tabula_games.random_playouts(game, 50, seed=9, max_plies=40)
    for key in out:
        assert np.array_equal(out[key], again[key])
    other = tabula_games.random_playouts(game, 50, seed=10, max_plies=40)
    assert not np.array_equal(out["plies"], other["plies"])
    # From a position, not the start: the game's own ply cap ends every playout.
    capped = random_game("chinese-checkers", 3, seed=1, plies=5, options={"max_plies": 25})
    out = tabula_games.random_playouts(capped, 20, seed=1)
    assert np.all(out["plies"] == 20) and out["finished"].all()
    assert out["scores"].shape == (20, 3)
