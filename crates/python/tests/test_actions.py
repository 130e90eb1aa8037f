"""The action spaces: every legal move is a sequence of actions below `num_actions`, the
sequences of one position are distinct and prefix-free, and the masks after each prefix are
exactly the next actions of the moves that begin with it."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Dict, List, Set, Tuple

import numpy as np
import pytest

import tabula_games
from tabula_games._turns import turn_actions
from conftest import SEATING_IDS, SEATINGS, random_positions


def check_position(game: tabula_games.Game) -> Set[int]:
    """Checks one position's action space; returns the turn lengths seen."""
    n = game.num_actions
    moves = list(game.legal_moves())
    assert moves, "a running game has a legal move (a pass at least)"
    ids = [m.id for m in moves]
    assert len(set(ids)) == len(ids), "two moves share an id"
    sequences = [tuple(m.actions) for m in moves]
    assert len(set(sequences)) == len(sequences), "two moves share their actions"
    # What may follow each prefix, from the moves themselves.
    following: Dict[Tuple[int, ...], Set[int]] = defaultdict(set)
    for move, actions in zip(moves, sequences):
        assert 1 <= len(actions) <= turn_actions(game.name), f"{move}: {len(actions)} actions"
        assert all(0 <= a < n for a in actions), f"{move}: {actions} outside 0..{n}"
        assert game.move_from_id(move.id) == move
        assert str(game.move_from_id(move.id)) == str(move)
        assert game.move_from_actions(list(actions)) == move
        for k in range(len(actions)):
            following[actions[:k]].add(actions[k])
    # Prefix-free: no proper prefix of a move's actions is itself a move.
    for prefix in following:
        if prefix:
            assert game.move_from_actions(list(prefix)) is None, f"{prefix} is both a move and the start of one"
    # The first action's mask is the set of first actions...
    first = game.legal_action_mask()
    assert first.dtype == np.bool_ and first.shape == (n,)
    assert set(np.flatnonzero(first)) == following[()]
    # ...and every prefix's mask the set of its next actions, in increasing order.
    for prefix, expected in following.items():
        actions = game.legal_actions(list(prefix))
        assert actions == sorted(expected), f"after {prefix}"
        assert set(np.flatnonzero(game.legal_action_mask(list(prefix)))) == expected
    # A prefix no move begins with allows nothing.
    unused = next(a for a in range(n) if a not in following[()])
    assert game.legal_actions([unused]) == []
    assert game.move_from_actions([unused]) is None
    return {len(s) for s in sequences}


@pytest.mark.parametrize("name,players", SEATINGS, ids=SEATING_IDS)
def test_action_space_over_random_games(name, players):
    for seed in range(2):
        for game in random_positions(name, players, seed=seed, plies=60, every=20):
            if not game.is_over:
                check_position(game)
    # The size is fixed by the options, never by the position.
    sizes = {g.num_actions for g in random_positions(name, players, seed=5, plies=30, every=10)}
    assert len(sizes) == 1


def positions_showing_every_turn_length(name: str, players: int, seed: int, plies: int, options=None):
    """The positions of a seeded random game where a turn length shows for the first time."""
    rng = random.Random(seed)
    game = tabula_games.Game(name, players=players, options=options or {})
    seen: Set[int] = set()
    while not game.is_over and game.ply < plies:
        moves = game.legal_moves()
        lengths = {len(m.actions) for m in moves}
        if not lengths <= seen:
            seen |= lengths
            yield game.clone()
        game.play(moves[rng.randrange(len(moves))])


def test_e_turns_of_one_to_four_actions():
    # A movement (3 actions: piece, destination, `end`), a movement with a guard exchange
    # (4), an exchange alone (2): a 3-player random game shows all three by ply 190.
    lengths: Set[int] = set()
    for game in positions_showing_every_turn_length("e", 3, seed=0, plies=190):
        lengths |= check_position(game)
    assert {2, 3, 4} <= lengths, lengths


def test_icelights_turns_of_one_and_two_actions():
    # A move then an orientation or `end` (2 actions); with `il.move_optional` a pass (1).
    game = tabula_games.Game("icelights", options={"il.move_optional": True})
    assert check_position(game) == {1, 2}
    passes = [m for m in game.legal_moves() if str(m) == "pass"]
    assert [m.actions for m in passes] == [[64 * 64 + 64 * 4]]
    move = game.legal_moves()[0]
    assert len(move.actions) == 2 and move.id == move.actions[0] + game.num_actions * (move.actions[1] + 1)


@pytest.mark.parametrize("name", ["chinese-checkers", "martian-chess", "coaster-chess", "echelon"])
def test_one_action_turns_have_the_action_as_id(name):
    game = tabula_games.Game(name)
    for move in game.legal_moves():
        assert move.actions == [move.id]
        game_copy = game.clone()
        game_copy.play(move.id)
        game_by_text = game.clone()
        game_by_text.play(str(move))
        assert game_copy.hash == game_by_text.hash


def test_sizes_follow_the_layouts():
    # docs/python.md writes these out: Chinese Checkers from * 121 + to and a pass;
    # Martian and Coaster Chess (from * 64 + to) * 2 + call and two passes; Icelights
    # 64 * 64 moves, 64 * 4 orientations, pass, end; Echelon cells squared; E four ranges
    # of slots and cells, end and pass.
    assert tabula_games.Game("chinese-checkers").num_actions == 121 * 121 + 1
    assert tabula_games.Game("martian-chess").num_actions == 64 * 64 * 2 + 2
    assert tabula_games.Game("coaster-chess", players=4).num_actions == 64 * 64 * 2 + 2
    assert tabula_games.Game("icelights").num_actions == 64 * 64 + 64 * 4 + 2
    assert tabula_games.Game("echelon").num_actions == 61 * 61
    assert tabula_games.Game("echelon", options={"ge.radius": 3}).num_actions == 37 * 37
    for players in range(2, 7):
        slots = 127 * 15 * players
        assert tabula_games.Game("e", players=players).num_actions == 3 * slots + 127 + 2
