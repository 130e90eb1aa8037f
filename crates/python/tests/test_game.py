"""Game, Move and Outcome: observations, play and undo, copies, position texts, hashes, and
errors as exceptions with our messages."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np

import pytest

import tabula_games
from tabula_games import Game
from conftest import GAMES, SEATING_IDS, SEATINGS, random_game


def test_games_lists_every_game_with_its_options():
    listed = {g["name"]: g for g in tabula_games.games()}
    assert set(listed) == {"chinese-checkers", "e", "icelights", "martian-chess", "coaster-chess", "echelon"}
    assert listed["icelights"]["players"] == [2] and listed["martian-chess"]["players"] == [2, 4]
    for info in listed.values():
        assert info["default_players"] in info["players"]
        keys = [o["key"] for o in info["options"]]
        assert "max_plies" in keys
        # The options a game reports are the ones listed, with their defaults.
        game = Game(info["name"])
        assert dict(game.options) == {"players": str(info["default_players"]), **{o["key"]: o["default"] for o in info["options"]}}


@pytest.mark.parametrize("name,players", SEATINGS, ids=SEATING_IDS)
def test_observation_shape_and_values(name, players):
    for plies in (0, 9):
        game = random_game(name, players, seed=3, plies=plies)
        shape = game.observation_shape
        assert len(shape) == 3 and all(d >= 1 for d in shape)
        assert len(game.observation_planes) == shape[0]
        for seat in range(players):
            seen = game.observation(seat)
            assert seen.dtype == np.float32 and seen.shape == shape
            assert np.all((seen >= 0) & (seen <= 1)), "observations lie in 0..1"
        assert np.array_equal(game.observation(), game.observation(game.to_move))
        with pytest.raises(ValueError, match="not at this table"):
            game.observation(players)


@pytest.mark.parametrize("name,players", SEATINGS, ids=SEATING_IDS)
def test_play_undo_clone_text_and_hash(name, players):
    rng = random.Random(11)
    game = Game(name, players=players)
    trail = [(game.hash, game.to_text(), game.to_move)]
    while not game.is_over and game.ply < 30:
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        before = game.clone()
        game.play(move)
        assert game.ply == before.ply + 1
        assert game.hash != before.hash or game.to_text() == before.to_text()
        # The same move by its text and by its id gives the same position.
        by_text, by_id = before.clone(), before.clone()
        by_text.play(str(move))
        by_id.play(move.id)
        assert by_text.hash == by_id.hash == game.hash
        assert by_text.to_text() == game.to_text()
        trail.append((game.hash, game.to_text(), game.to_move))
    # A position text reads back to the same position.
    again = Game.from_text(game.to_text())
    assert (again.hash, again.to_text(), again.to_move, again.ply, again.is_over) == (
        game.hash, game.to_text(), game.to_move, game.ply, game.is_over)
    # (E may list them in another order: the text does not keep the order of the pieces.)
    assert sorted(str(m) for m in again.legal_moves()) == sorted(str(m) for m in game.legal_moves())
    assert eval(repr(game), {"Game": Game}).to_text() == game.to_text()
    # Copies are independent, their history included.
    for twin in (game.clone(), copy.copy(game), copy.deepcopy(game)):
        assert twin.to_text() == game.to_text()
        twin.undo()
        assert twin.to_text() == trail[-2][1] and game.to_text() == trail[-1][1]
    # Undo walks back through every position.
    for hash_, text, to_move in reversed(trail[:-1]):
        game.undo()
        assert (game.hash, game.to_text(), game.to_move) == (hash_, text, to_move)
    assert game.ply == 0
    with pytest.raises(ValueError, match="no move to take back"):
        game.undo()


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_has_an_outcome(name):
    game = random_game(name, 2, seed=1, plies=10_000, options={"max_plies": 40})
    assert game.is_over and len(game.legal_moves()) == 0
    outcome = game.outcome()
    assert len(outcome.scores) == len(outcome.ranks) == 2
    assert sum(outcome.scores) == pytest.approx(1.0)
    assert outcome.reason
    if outcome.winner is not None:
        assert outcome.scores[outcome.winner] == 1.0 and outcome.ranks[outcome.winner] == 1
    with pytest.raises(ValueError, match="the game is over"):
        game.play("pass")
    assert Game(name).outcome() is None


def test_the_ply_cap_ends_a_game_with_its_reason():
    game = random_game("chinese-checkers", 2, seed=2, plies=100, options={"max_plies": 12})
    assert game.is_over and game.ply == 12
    assert game.outcome().reason == "the ply limit max_plies=12 was reached"
    assert game.outcome().scores == [0.5, 0.5] and game.outcome().winner is None
    assert game.outcome().ranks == [1, 1]
    assert repr(game.outcome()) == "Outcome(winner=None, ranks=[1, 1], scores=[0.5, 0.5], reason=\"the ply limit max_plies=12 was reached\")"


def test_team_outcomes_are_lists():
    game = random_game("martian-chess", 4, seed=3, plies=10_000, options={"mc.teams": True, "max_plies": 60})
    outcome = game.outcome()
    assert outcome.teams == [0, 1, 0, 1]
    assert isinstance(outcome.ranks, list) and len(outcome.ranks) == 4


@pytest.mark.parametrize("name", GAMES)
def test_a_game_pickles_as_its_position(name):
    game = random_game(name, 2, seed=4, plies=6)
    back = pickle.loads(pickle.dumps(game))
    assert back.to_text() == game.to_text() and back.hash == game.hash
    assert sorted(str(m) for m in back.legal_moves()) == sorted(str(m) for m in game.legal_moves())


def test_moves_and_move_lists():
    game = Game("chinese-checkers")
    moves = game.legal_moves()
    assert len(moves) == 14 and str(moves[0]) == "k15-i13" and repr(moves[0]) == 'Move("k15-i13")'
    assert moves[-1] == moves[len(moves) - 1] and hash(moves[0]) == hash(game.legal_moves()[0])
    assert [str(m) for m in moves] == [str(moves[i]) for i in range(len(moves))]
    assert repr(moves).startswith("[k15-i13, ")
    with pytest.raises(IndexError):
        moves[14]
    game.play(moves[0])
    assert game.to_move == 1 and game.ply == 1
    # A move listed before is checked again where it is no longer legal.
    with pytest.raises(ValueError, match="illegal move"):
        game.play(moves[0])


ERRORS = [
    (lambda: Game("go"), "unknown game 'go'"),
    (lambda: Game("icelights", players=3), "bad player count '3' (expected 2)"),
    (lambda: Game("e", options={"e.jump_cost": 3}), "jump_cost"),
    (lambda: Game("e", options={"no.such_option": 1}), "no.such_option"),
    (lambda: Game.from_text("chinese-checkers players=2"), "missing field"),
    (lambda: Game.from_text("chess rnbqkbnr"), "starts with the game's name"),
    (lambda: Game("chinese-checkers").play("a1-z9"), "'a1' is not a hole"),
    (lambda: Game("chinese-checkers").play("k15-k14"), "illegal move 'k15-k14'"),
    # An id whose second digit is 0 (base num_actions + 1) packs no actions.
    (lambda: Game("chinese-checkers").play(14642 * 14643), "no move id"),
    (lambda: Game("chinese-checkers").play(0), "not legal here"),
    (lambda: Game("chinese-checkers").move_from_id(0), "not legal here"),
    (lambda: Game("martian-chess").play(Game("echelon").legal_moves()[0]), "cannot be played in martian-chess"),
    (lambda: Game("e").observation(2), "not at this table"),
    (lambda: tabula_games.search(Game("e"), engine="nonsense", depth=1), "nonsense"),
    (lambda: tabula_games.search(Game("e"), engine="alphabeta:hash=x", depth=1), "bad value 'x' for hash"),
    (lambda: tabula_games.search(Game("e")), "needs a limit"),
    (lambda: tabula_games.search(Game("e"), think=-1.0), "positive number of seconds"),
    (lambda: tabula_games.Match(Game("e"), ["alphabeta", "nonsense"], tc="nodes=10").run(), "nonsense"),
    (lambda: tabula_games.Match(Game("e"), ["alphabeta", "greedy"], tc="sometimes").run(), "bad time control 'sometimes'"),
    (lambda: tabula_games.Match(Game("e"), ["alphabeta", "greedy"], games=0), "at least 1"),
    (lambda: tabula_games.random_playouts(Game("e"), 3, max_plies=0), "at least 1"),
]


@pytest.mark.parametrize("make,message", ERRORS, ids=[f"error{i}" for i in range(len(ERRORS))])
def test_errors_are_value_errors_with_our_message(make, message):
    with pytest.raises(ValueError) as raised:
        make()
    assert message in str(raised.value)
    assert str(raised.value), "an error says what is wrong"


def test_a_move_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError, match="play takes a Move, its text or its id"):
        Game("echelon").play(2.5)


def test_mangled_position_texts_are_value_errors():
    # Every text a few characters away from a real one either reads or raises ValueError
    # (never a Rust panic, which Python would see as PanicException).
    rng = random.Random(4)
    for name, players in SEATINGS:
        text = random_game(name, players, seed=2, plies=12).to_text()
        for _ in range(60):
            chars = list(text)
            at = rng.randrange(len(chars))
            chars[at:at + rng.randrange(1, 3)] = rng.choice(["", "9", "=", "/", ",", "x", " ", "-1", "99999"])
            try:
                game = Game.from_text("".join(chars))
            except ValueError:
                continue
            game.legal_moves()
            game.to_text()
            game.draw()
