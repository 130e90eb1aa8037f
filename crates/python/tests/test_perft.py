"""Perft from Python equals the command line's: the same rules, options and position texts
behind both."""

from __future__ import annotations

import re
import subprocess
from typing import Dict, List, Optional

import pytest

import tabula_games
from conftest import random_game

# (game, seats, options, depth): cheap counts (at most a few hundred thousand leaves).
CASES = [
    ("chinese-checkers", 2, {}, 4),
    ("chinese-checkers", 3, {}, 3),
    ("chinese-checkers", 4, {"cc.seats_4p": "0235"}, 3),
    ("chinese-checkers", 5, {}, 3),
    ("chinese-checkers", 6, {"cc.target_stay": "off"}, 3),
    ("e", 2, {}, 3),
    ("e", 3, {"e.jump_cost": 1}, 2),
    ("e", 4, {}, 2),
    ("e", 5, {}, 2),
    ("e", 6, {"e.straight_line_only": True}, 2),
    ("icelights", 2, {}, 2),
    ("icelights", 2, {"il.move_optional": True}, 2),
    ("martian-chess", 2, {}, 4),
    ("martian-chess", 2, {"mc.clock": "off"}, 4),
    ("martian-chess", 4, {}, 3),
    ("coaster-chess", 2, {}, 3),
    ("coaster-chess", 4, {"mc.teams": True}, 3),
    ("echelon", 2, {}, 4),
    ("echelon", 2, {"ge.radius": 3}, 4),
]


def option_text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def cli_perft(tabula: str, name: str, players: int, options: Dict, depth: int, position: Optional[str] = None) -> List[int]:
    """The node counts of depths 1 to `depth` that `tabula perft` prints."""
    command = [tabula, "perft", name, "--players", str(players), "--depth", str(depth)]
    for key, value in options.items():
        command += ["--opt", f"{key}={option_text(value)}"]
    if position is not None:
        command += ["--position", position]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"{' '.join(command)} failed: {run.stderr}"
    counts = [int(n) for n in re.findall(r"^depth=\d+ nodes=(\d+)", run.stdout, re.M)]
    assert len(counts) == depth, f"unexpected output of {' '.join(command)}:\n{run.stdout}"
    return counts


@pytest.mark.parametrize("name,players,options,depth", CASES, ids=[f"{c[0]}-{c[1]}p-{i}" for i, c in enumerate(CASES)])
def test_perft_from_the_start_matches_the_cli(tabula_cli, name, players, options, depth):
    game = tabula_games.Game(name, players=players, options=options)
    ours = [game.perft(d) for d in range(1, depth + 1)]
    assert ours == cli_perft(tabula_cli, name, players, options, depth)
    assert ours[0] == len(game.legal_moves())


@pytest.mark.parametrize("name,players", [("chinese-checkers", 3), ("e", 2), ("icelights", 2), ("martian-chess", 4), ("coaster-chess", 2), ("echelon", 2)])
def test_perft_from_a_position_text_matches_the_cli(tabula_cli, name, players):
    # A middle-game position, handed to the CLI as the text Python writes.
    game = random_game(name, players, seed=7, plies=6)
    assert not game.is_over
    depth = 1 if name == "icelights" else 2
    ours = [game.perft(d) for d in range(1, depth + 1)]
    assert ours == cli_perft(tabula_cli, name, players, {}, depth, position=game.to_text())
