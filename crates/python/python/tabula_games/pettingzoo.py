"""Every Tabula game as a PettingZoo AEC environment (needs the extra `pettingzoo`).

    from tabula_games.pettingzoo import env
    environment = env("martian-chess", players=4)

The agents are `player_0`, `player_1`... in seat order. Each agent observes a dict:
`observation`, `Game.observation(seat)` (float32, every value in 0..1), and
`action_mask`, an int8 array over the action space, 1 for the actions the agent may take
next (all 0 for an agent not to move); in E and Icelights also `turn`, an int8 array over
the action space, 1 for the actions of the partial turn. The action space is
`Discrete(Game.num_actions)`.

A turn of several actions (E, Icelights) keeps `agent_selection` on the same agent until
they complete a move. Rewards come at the end: `players * share - 1` for each seat, its
share of the point being `Outcome.scores` (a 2-player win is +1/-1, a draw 0). A game the
ply cap ends is *truncated*, one its rules end *terminated*. Unless `options` name a
`max_plies` (`"none"` for none), games are capped at 1000 plies, as `tabula match` caps
them.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(
        "tabula_games.pettingzoo needs PettingZoo and Gymnasium: pip install 'tabula-games[pettingzoo]' "
        "(or pip install pettingzoo gymnasium)"
    ) from error

from ._native import Game
from ._turns import DEFAULT_MAX_PLIES, Turn, cut_by_ply_cap, turn_actions, zero_sum_returns

__all__ = ["env", "raw_env"]


def env(
    name: str,
    players: Optional[int] = None,
    options: Optional[Mapping[str, Any]] = None,
    render_mode: Optional[str] = None,
) -> AECEnv:
    """The environment of the game `name` (`chinese-checkers`, `e`, `icelights`,
    `martian-chess`, `coaster-chess`, `echelon`), with PettingZoo's checks of the action
    bounds and of the call order around it. `players` and `options` as `Game` takes them."""
    environment: AECEnv = raw_env(name, players=players, options=options, render_mode=render_mode)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv):
    """The environment without wrappers. An action that may not come next raises
    ValueError."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "name": "tabula_v0", "is_parallelizable": False}

    def __init__(
        self,
        name: str,
        players: Optional[int] = None,
        options: Optional[Mapping[str, Any]] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        options = dict(options or {})
        options.setdefault("max_plies", DEFAULT_MAX_PLIES)
        self._start = Game(name, players=players, options=options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the Tabula environments render 'ansi' or nothing")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tabula_{self._start.name.replace('-', '_')}_v0")
        seats = self._start.players
        n = self._start.num_actions
        self.possible_agents: List[str] = [f"player_{i}" for i in range(seats)]
        self._multi = turn_actions(self._start.name) > 1
        parts: Dict[str, spaces.Space] = {
            "observation": spaces.Box(low=0.0, high=1.0, shape=self._start.observation_shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
        }
        if self._multi:
            parts["turn"] = spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8)
        self.observation_spaces = {agent: spaces.Dict(parts) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._turn = Turn(self._start.clone())

    # The AEC API.

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game from the start (the games have no chance: `seed` only seeds the
        action spaces' sampling)."""
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self._turn = Turn(self._start.clone())
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._turn.game.to_move]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        game = self._turn.game
        if not game.is_over and seat == game.to_move:
            mask = self._turn.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(game.num_actions, np.int8)
        observed = {"observation": game.observation(seat), "action_mask": mask}
        if self._multi:
            turn = np.zeros(game.num_actions, np.int8)
            if seat == game.to_move:
                turn[self._turn.prefix] = 1
            observed["turn"] = turn
        return observed

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is an action only for an agent whose game is over")
        self._turn.apply(int(action))  # raises before anything changes
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        game = self._turn.game
        outcome = game.outcome()
        if outcome is not None:
            cut = cut_by_ply_cap(outcome)
            for a, value in zip(self.possible_agents, zero_sum_returns(outcome)):
                self.rewards[a] = value
                self.terminations[a] = not cut
                self.truncations[a] = cut
                self.infos[a] = {"reason": outcome.reason}
        else:
            self.agent_selection = self.possible_agents[game.to_move]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The game as `Game.draw()` draws it (`render_mode="ansi"`), the partial turn
        under it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render mode: make the environment with render_mode='ansi'")
            return None
        partial = self._turn.describe_partial()
        text = self._turn.game.draw()
        return f"{text}\nturn so far: {partial}" if partial else text

    def close(self) -> None:
        pass

    # Beyond PettingZoo.

    @property
    def game(self) -> Game:
        """The game in play (read it; play through `step`)."""
        return self._turn.game

    @property
    def partial_turn(self) -> List[int]:
        """The actions of the agent to move's turn so far (empty between turns)."""
        return list(self._turn.prefix)
