"""What the tests share: every game and seat count, the CLI, the optional libraries, and
random positions."""

from __future__ import annotations

import importlib
import os
import random
from typing import Iterator, List, Tuple

import pytest

import tabula_games

# Every (game, seat count) the games list.
SEATINGS: List[Tuple[str, int]] = [(g["name"], p) for g in tabula_games.games() for p in g["players"]]
SEATING_IDS = [f"{name}-{players}p" for name, players in SEATINGS]
GAMES: List[str] = [g["name"] for g in tabula_games.games()]

# Ply caps that keep random games short where random play would run long (E's random
# games never end; Chinese Checkers' take thousands of plies).
SHORT_CAP = {"e": 16, "chinese-checkers": 40}


def short_cap(name: str) -> int:
    return SHORT_CAP.get(name, 80)


def require(module: str, extra: str):
    """Imports `module`; a missing module fails the tests that need it, saying which extra
    installs it (they are never skipped)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        pytest.fail(
            f"{module} cannot be imported ({error}): these tests need the extra '{extra}', "
            f"pip install './crates/python[{extra},test]'",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def tabula_cli() -> str:
    """The `tabula` binary the environment variable TABULA names."""
    path = os.environ.get("TABULA")
    if not path:
        pytest.fail("set TABULA to the path of the tabula binary (e.g. target/debug/tabula): the perft tests compare against it", pytrace=False)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(f"TABULA={path} is not an executable file", pytrace=False)
    return path


def random_positions(name: str, players: int, seed: int, plies: int, every: int) -> Iterator[tabula_games.Game]:
    """Copies of the positions of one seeded random game: the start, then every `every`
    plies, up to `plies` plies or the end."""
    rng = random.Random(seed)
    game = tabula_games.Game(name, players=players)
    while True:
        if game.ply % every == 0:
            yield game.clone()
        if game.is_over or game.ply >= plies:
            return
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def random_game(name: str, players: int, seed: int, plies: int, options=None) -> tabula_games.Game:
    """The position after `plies` random plies (or the end) of a seeded random game."""
    rng = random.Random(seed)
    game = tabula_games.Game(name, players=players, options=options or {})
    while not game.is_over and game.ply < plies:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game
