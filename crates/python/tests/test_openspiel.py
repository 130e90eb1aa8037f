"""The games as OpenSpiel games: OpenSpiel's own checks, parameters, turns of several
actions, returns, observations, and OpenSpiel's MCTS against our engine."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tabula_games
from conftest import SEATING_IDS, SEATINGS, require, short_cap

pyspiel = require("pyspiel", "openspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

from tabula_games import openspiel as tos  # noqa: E402

SHORT_NAMES = ["tabula_chinese_checkers", "tabula_e", "tabula_icelights", "tabula_martian_chess", "tabula_coaster_chess", "tabula_echelon"]


def load(name: str, **params) -> "pyspiel.Game":
    inside = ",".join(f"{k}={v}" for k, v in params.items())
    return pyspiel.load_game(f"{tos.short_name(name)}({inside})")


def play_randomly(state, rng: np.random.RandomState):
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name,players", SEATINGS, ids=SEATING_IDS)
def test_openspiel_random_sim_test(name, players):
    game = load(name, players=players, max_plies=short_cap(name))
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_every_game_is_registered_once():
    assert set(SHORT_NAMES) <= set(pyspiel.registered_names())
    tos.register()
    tos.register()
    game = pyspiel.load_game("tabula_chinese_checkers(players=6)")
    assert game.num_players() == 6
    assert game.get_type().short_name == "tabula_chinese_checkers"
    info = game.get_type()
    assert info.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert info.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert info.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert info.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


def test_parameters_are_the_rule_options():
    for info in tabula_games.games():
        spec = tos.parameter_specification(info["name"])
        expected = {o["key"] for o in info["options"]} - {"ge.stack_cells"}
        assert set(spec) == expected | {"players"}
        assert spec["max_plies"] == 1000 and spec["players"] == info["default_players"]
    spec = tos.parameter_specification("e")
    assert (spec["e.jump_cost"], spec["e.stack_limit"], spec["e.straight_line_only"], spec["e.ring4_medium"], spec["e.seats_4p"]) == (2, 0, False, "middle", 134)
    # Each kind of parameter reaches the rules as the option's own text.
    game = load("e", players=4, max_plies=50, **{"e.jump_cost": 1, "e.stack_limit": 4, "e.straight_line_only": "true", "e.ring4_medium": "clockwise", "e.seats_4p": "0235"})
    options = dict(game.new_initial_state().tabula_game().options)
    assert options["players"] == "4" and options["max_plies"] == "50"
    assert (options["e.jump_cost"], options["e.stack_limit"], options["e.straight_line_only"], options["e.ring4_medium"], options["e.seats_4p"]) == ("1", "4", "true", "clockwise", "0235")
    assert dict(load("e").new_initial_state().tabula_game().options)["e.stack_limit"] == "none"
    assert dict(load("martian-chess", **{"mc.field_promotion": "false"}).new_initial_state().tabula_game().options)["mc.field_promotion"] == "false"
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'nope'"):
        load("e", nope=1)
    with pytest.raises(ValueError, match="bad value '3' for option 'e.jump_cost'"):
        load("e", **{"e.jump_cost": 3})
    with pytest.raises(ValueError, match="bad player count"):
        load("icelights", players=3)


@pytest.mark.parametrize("name,players", SEATINGS, ids=SEATING_IDS)
def test_game_info(name, players):
    game = load(name, players=players, max_plies=77)
    start = tabula_games.Game(name, players=players)
    turn = {"e": 4, "icelights": 2}.get(name, 1)
    assert game.num_distinct_actions() == start.num_actions
    assert game.max_game_length() == 77 * turn
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, players - 1.0, 0.0)
    planes = math.prod(start.observation_shape)
    expected = [planes + start.num_actions] if turn > 1 else list(start.observation_shape)
    assert game.observation_tensor_shape() == expected
    assert game.information_state_tensor_shape() == expected


@pytest.mark.parametrize("name", ["icelights", "e"])
def test_a_turn_of_several_actions_keeps_the_seat(name):
    game = load(name, max_plies=100)
    state = game.new_initial_state()
    start = state.tabula_game()
    move = start.legal_moves()[0]
    assert len(move.actions) > 1
    for k, action in enumerate(move.actions):
        assert state.current_player() == 0 and state.partial_turn() == move.actions[:k]
        assert state.legal_actions() == start.legal_actions(move.actions[:k])
        label = state.action_to_string(action)
        if k < len(move.actions) - 1:
            assert label.endswith("...") and str(move).startswith(label[:-3])
        else:
            assert label == str(move)
        # The observation's second part marks the actions of the turn so far.
        tensor = np.asarray(state.observation_tensor(0))
        assert set(np.flatnonzero(tensor[-game.num_distinct_actions():])) == set(move.actions[:k])
        # The game itself waits for the whole turn.
        assert state.tabula_game().hash == start.hash
        state.apply_action(action)
    assert state.current_player() == 1 and state.partial_turn() == []
    start.play(move)
    assert state.tabula_game().hash == start.hash
    assert state.history() == move.actions
    with pytest.raises(ValueError, match="cannot follow"):
        state.apply_action(game.num_distinct_actions() - 1 if name == "e" else 0)


def test_action_strings_are_the_moves():
    state = load("chinese-checkers").new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == [str(m) for m in state.tabula_game().legal_moves()]
    assert state.action_to_string(0) == "action 0"


def test_returns_follow_the_outcome():
    rng = np.random.RandomState(0)
    # Two seats: the winner +1, the loser -1.
    for seed in range(8):
        state = play_randomly(load("echelon").new_initial_state(), np.random.RandomState(seed))
        outcome = state.tabula_game().outcome()
        if outcome.winner is not None:
            assert state.returns()[outcome.winner] == 1.0 and sum(state.returns()) == 0.0
            break
    else:
        pytest.fail("no random Echelon game was won")
    # The ply cap: a draw, 0 for every seat, and said so.
    state = play_randomly(load("chinese-checkers", players=3, max_plies=9).new_initial_state(), rng)
    assert state.returns() == [0.0, 0.0, 0.0] and state.cut_by_ply_cap()
    # Partners both score 1 in teams: scaled, the winning team gets +1 each, the other -1.
    for seed in range(30):
        state = play_randomly(load("martian-chess", players=4, **{"mc.teams": "true"}).new_initial_state(), np.random.RandomState(seed))
        scores = state.tabula_game().outcome().scores
        if scores[0] != scores[1]:
            assert state.returns() == [2 * s - 1 for s in scores]
            assert sorted(state.returns()) == [-1.0, -1.0, 1.0, 1.0]
            break
    else:
        pytest.fail("every random team game was drawn")
    # A sole winner of six gets 5.
    assert tabula_games._turns.zero_sum_returns(type("O", (), {"scores": [0, 0, 1, 0, 0, 0]})()) == [-1, -1, 5, -1, -1, -1]


@pytest.mark.parametrize("name,players", [("martian-chess", 4), ("icelights", 2), ("chinese-checkers", 3)])
def test_observations_are_the_games(name, players):
    game = load(name, players=players, max_plies=30)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(5):
        if state.is_terminal():
            break
        if not state.partial_turn():
            for seat in range(players):
                planes = state.tabula_game().observation(seat).ravel()
                assert np.array_equal(np.asarray(state.observation_tensor(seat))[: planes.size], planes)
                assert np.array_equal(np.asarray(state.information_state_tensor(seat))[: planes.size], planes)
        assert state.observation_string(0).startswith(name)
        state.apply_action(rng.choice(state.legal_actions()))


def test_clones_are_independent_and_keep_the_partial_turn():
    state = load("icelights").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert copy.partial_turn() == state.partial_turn() and str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert copy.partial_turn() == [] and len(state.partial_turn()) == 1
    assert copy.tabula_game().hash != state.tabula_game().hash


def test_a_state_from_a_position_text():
    game = load("martian-chess", max_plies=50)
    played = game.new_initial_state()
    played.apply_action(played.legal_actions()[3])
    state = game.new_initial_state(played.position_text())
    assert state.current_player() == 1 and state.tabula_game().outcome() is None
    assert state.position_text() == played.position_text()
    assert state.legal_actions() == played.legal_actions()
    with pytest.raises(ValueError, match="no position of"):
        game.new_initial_state(tabula_games.Game("echelon").to_text())
    # A text of other rules (here no ply cap) is refused.
    with pytest.raises(ValueError, match=r"max_plies=none \(not 50\)"):
        game.new_initial_state(tabula_games.Game("martian-chess").to_text())


def test_openspiel_mcts_plays_against_our_engine():
    # Icelights: turns of two actions, which MCTS chooses one after the other.
    game = load("icelights", max_plies=40)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    turns = 0
    while not state.is_terminal() and turns < 6:
        if state.current_player() == 0:
            seat = 0
            while not state.is_terminal() and state.current_player() == seat:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        else:
            found = tabula_games.search(state.tabula_game(), engine="alphabeta", depth=1)
            for action in found.move.actions:
                state.apply_action(action)
        assert state.partial_turn() == []
        turns += 1
    assert turns >= 2
    assert len(state.history()) >= 3
