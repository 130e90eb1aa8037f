"""The games as PettingZoo AEC environments: PettingZoo's own API test, turns of several
actions, rewards, truncation at the ply cap, and rendering."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import tabula_games
from conftest import SEATING_IDS, SEATINGS, require, short_cap

require("pettingzoo", "pettingzoo")
require("gymnasium", "pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from tabula_games.pettingzoo import env, raw_env  # noqa: E402


def play_out(environment, seed: int):
    """Plays random legal actions until every agent is done; returns each agent's summed
    reward and the last `last()` of each."""
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in environment.possible_agents}
    ends = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            ends[agent] = (terminated, truncated, info)
            environment.step(None)
        else:
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals, ends


@pytest.mark.parametrize("name,players", SEATINGS, ids=SEATING_IDS)
def test_pettingzoo_api_test(name, players):
    with warnings.catch_warnings():
        # PettingZoo warns of dict observations, which its own board games use too.
        warnings.simplefilter("ignore")
        api_test(env(name, players=players, options={"max_plies": short_cap(name)}), num_cycles=2 * short_cap(name))


@pytest.mark.parametrize("name,players", [("echelon", 2), ("martian-chess", 4), ("chinese-checkers", 6)])
def test_rewards_are_the_zero_sum_returns(name, players):
    environment = env(name, players=players, options={"max_plies": 60})
    environment.reset(seed=1)
    assert environment.agents == [f"player_{i}" for i in range(players)]
    totals, ends = play_out(environment, seed=1)
    game = environment.unwrapped.game
    outcome = game.outcome()
    expected = tabula_games._turns.zero_sum_returns(outcome)
    assert [totals[f"player_{i}"] for i in range(players)] == pytest.approx(expected)
    assert sum(totals.values()) == pytest.approx(0.0)
    capped = outcome.reason.startswith("the ply limit")
    assert all(e == (not capped, capped, {"reason": outcome.reason}) for e in ends.values())
    assert set(ends) == set(environment.possible_agents) and environment.agents == []


def test_the_ply_cap_truncates():
    environment = env("chinese-checkers", players=2, options={"max_plies": 10})
    environment.reset()
    totals, ends = play_out(environment, seed=2)
    assert all(truncated and not terminated for terminated, truncated, _ in ends.values())
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    # Unless told otherwise, games are capped at 1000 plies.
    assert dict(raw_env("e").game.options)["max_plies"] == "1000"
    assert dict(raw_env("e", options={"max_plies": "none"}).game.options)["max_plies"] == "none"


def test_a_turn_of_several_actions_keeps_the_agent():
    environment = env("icelights")
    environment.reset()
    game = environment.unwrapped.game.clone()
    move = game.legal_moves()[5]
    first, second = move.actions
    observation = environment.observe("player_0")
    assert observation["action_mask"].dtype == np.int8
    assert set(np.flatnonzero(observation["action_mask"])) == set(game.legal_actions())
    assert not environment.observe("player_1")["action_mask"].any()
    environment.step(first)
    assert environment.agent_selection == "player_0"
    observation = environment.observe("player_0")
    assert set(np.flatnonzero(observation["action_mask"])) == set(game.legal_actions([first]))
    assert list(np.flatnonzero(observation["turn"])) == [first]
    assert environment.unwrapped.partial_turn == [first]
    environment.step(second)
    assert environment.agent_selection == "player_1"
    game.play(move)
    assert environment.unwrapped.game.hash == game.hash
    assert not environment.observe("player_1")["turn"].any()


def test_observations_and_spaces():
    environment = env("martian-chess", players=4)
    environment.reset()
    game = environment.unwrapped.game
    for i, agent in enumerate(environment.agents):
        observed = environment.observe(agent)
        assert set(observed) == {"observation", "action_mask"}
        assert np.array_equal(observed["observation"], game.observation(i))
        assert environment.observation_space(agent).contains(observed)
        assert environment.action_space(agent).n == game.num_actions
    assert set(raw_env("e").observation_space("player_0").spaces) == {"observation", "action_mask", "turn"}


def test_render_and_errors():
    environment = env("echelon", render_mode="ansi")
    environment.reset()
    assert environment.render() == environment.unwrapped.game.draw()
    environment.step(environment.unwrapped.game.legal_actions()[0])
    assert environment.render() == environment.unwrapped.game.draw()
    unwrapped = raw_env("echelon")
    unwrapped.reset()
    with pytest.raises(ValueError, match="cannot follow"):
        unwrapped.step(0)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("echelon", render_mode="human")
    with pytest.raises(ValueError, match="unknown game"):
        env("checkers")
