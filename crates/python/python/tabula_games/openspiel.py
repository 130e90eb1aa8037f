"""Every Tabula game as an OpenSpiel game (needs the extra `openspiel`).

Importing this module registers the games with `pyspiel` as Python games, so that

    import tabula_games.openspiel
    game = pyspiel.load_game("tabula_chinese_checkers(players=6)")

works, and OpenSpiel's algorithms (MCTS, CFR, the RL environments...) play them. The short
names are `tabula_` and the game's name with `_` for `-`: `tabula_chinese_checkers`,
`tabula_e`, `tabula_icelights`, `tabula_martian_chess`, `tabula_coaster_chess`,
`tabula_echelon`.

The games are sequential, deterministic, of perfect information and zero-sum, rewarded
at the end: a seat's return is `players * share - 1`, its share of the point being
`Outcome.scores` (a sole winner's 1, a k-way shared first place 1/k; partners' scores
are scaled to sum to 1), so a 2-player win is +1/-1 and a draw 0.

An OpenSpiel action is an action of the game's action space (`Game.num_actions`). A turn
of several actions (E, Icelights) keeps `current_player()` on the same seat until they
complete a move, as OpenSpiel's Amazons does.

Parameters: `players`, `max_plies` (an integer; 1000 plies unless given, as `tabula
match` caps its games, so that `max_game_length()` is finite), and every rule option of
the game whose values OpenSpiel's parameter strings can carry, under the option's own
name (`e.jump_cost=1`, `mc.clock=off`, `mc.field_promotion=false`): switches are
booleans, numbers and numeric choices (`cc.seats_4p=235`, `ge.stack_height=10`) integers,
`none or a number` options integers with 0 for `none`, the other choices strings. Only
Echelon's `ge.stack_cells` is left out (its values hold a comma).

Observation and information-state tensors are `Game.observation(seat)`; in E and
Icelights a second part `turn` follows it: one entry per action, 1 for the actions of
the partial turn (a turn's actions lie in disjoint ranges, so this set says the whole
partial turn).
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(
        "tabula_games.openspiel needs OpenSpiel: pip install 'tabula-games[openspiel]' "
        "(or pip install open-spiel)"
    ) from error

from ._native import Game, games
from ._turns import DEFAULT_MAX_PLIES, Turn, cut_by_ply_cap, turn_actions, zero_sum_returns

__all__ = ["register", "short_name", "parameter_specification", "TabulaGame", "TabulaState"]

_MAX_PLIES = "max_plies"
_WORD = re.compile(r"^[A-Za-z0-9_]+$")
_NUMBER = re.compile(r"^a number from (-?\d+) to (-?\d+)$")
_NONE_OR_NUMBER = re.compile(r"^none or a number from (-?\d+) to (-?\d+)$")


def short_name(name: str) -> str:
    """The OpenSpiel short name of a Tabula game: `tabula_chinese_checkers`."""
    return "tabula_" + name.replace("-", "_")


class _Option:
    """One rule option as an OpenSpiel parameter: its default and the conversion back to
    the option's text."""

    def __init__(self, key: str, default: Any, to_text, doc: str) -> None:
        self.key = key
        self.default = default
        self.to_text = to_text
        self.doc = doc


def _option(info: Mapping[str, Any]) -> Optional[_Option]:
    """The parameter of one option of `games()`, or None when OpenSpiel cannot carry it."""
    key, values, default, doc = info["key"], info["values"], info["default"], info["doc"]
    if key == _MAX_PLIES:
        return _Option(key, DEFAULT_MAX_PLIES, str, doc)
    if values == "true or false":
        return _Option(key, default == "true", lambda v: "true" if v else "false", doc)
    if _NUMBER.match(values):
        return _Option(key, int(default), str, doc)
    if _NONE_OR_NUMBER.match(values):
        return _Option(key, 0 if default == "none" else int(default), lambda v: "none" if v == 0 else str(v), doc)
    words = [w for part in values.split(", ") for w in part.split(" or ")]
    if not all(_WORD.match(w) for w in words):
        return None
    if all(w.isdigit() for w in words):
        # OpenSpiel reads `0134` as the integer 134: the choice is the word of that value.
        by_value = {int(w): w for w in words}
        return _Option(key, int(default), lambda v: by_value.get(v, str(v)), doc)
    return _Option(key, default, str, doc)


class _Spec:
    """What registering one game needs: its name, seats, options and OpenSpiel type."""

    def __init__(self, info: Mapping[str, Any]) -> None:
        self.name: str = info["name"]
        self.seats: List[int] = info["players"]
        self.default_players: int = info["default_players"]
        self.options: Dict[str, _Option] = {}
        for option in info["options"]:
            converted = _option(option)
            if converted is not None:
                self.options[converted.key] = converted
        spec: Dict[str, Any] = {"players": self.default_players}
        spec.update({key: option.default for key, option in self.options.items()})
        self.parameters = spec
        self.game_type = pyspiel.GameType(
            short_name=short_name(self.name),
            long_name=f"Tabula {self.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max(self.seats),
            min_num_players=min(self.seats),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=spec,
        )

    def tabula_game(self, params: Dict[str, Any]) -> Tuple[Game, int]:
        """The start position the parameters describe, and the ply cap."""
        players = int(params.get("players", self.default_players))
        options: Dict[str, str] = {}
        for key, value in params.items():
            if key in ("players", "name"):
                continue
            option = self.options.get(key)
            if option is None:
                raise ValueError(f"{short_name(self.name)} has no parameter '{key}' (it has {sorted(self.parameters)})")
            options[key] = option.to_text(value)
        max_plies = int(params.get(_MAX_PLIES, DEFAULT_MAX_PLIES))
        if max_plies < 1:
            raise ValueError(f"max_plies={max_plies}: an OpenSpiel game needs a ply cap of at least 1")
        options[_MAX_PLIES] = str(max_plies)
        return Game(self.name, players=players, options=options), max_plies

    def __deepcopy__(self, memo: dict) -> "_Spec":
        return self


_SPECS: Dict[str, _Spec] = {}


def parameter_specification(name: str) -> Dict[str, Any]:
    """The OpenSpiel parameters of the Tabula game `name` and their defaults."""
    register()
    return dict(_SPECS[short_name(name)].parameters)


class TabulaGame(pyspiel.Game):
    """A Tabula game as an OpenSpiel game; `pyspiel.load_game` makes them."""

    # The game's `_Spec`, set on each game's subclass.
    _SPEC: _Spec

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        spec = self._SPEC
        self._spec = spec
        self._start, max_plies = spec.tabula_game(params)
        players = self._start.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self._start.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            max_game_length=max_plies * turn_actions(spec.name),
        )
        full = dict(spec.parameters)
        full.update({k: v for k, v in params.items() if k != "name"})
        super().__init__(spec.game_type, info, full)

    def new_initial_state(self, state: Optional[str] = None) -> "TabulaState":
        """The start position, or the position a position text (`Game.to_text()`) describes."""
        return TabulaState(self, state)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TabulaObserver":
        """The observer of both tensors: `Game.observation`, and the partial turn in E and
        Icelights."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TabulaObserver(self._start, perfect_recall, params)

    def tabula_start(self) -> Game:
        """A copy of the start position as a `tabula_games.Game`."""
        return self._start.clone()


class TabulaState(pyspiel.State):
    """A position of a Tabula game and the partial turn of the seat to move."""

    def __init__(self, game: TabulaGame, text: Optional[str] = None) -> None:
        super().__init__(game)
        if text is None:
            position = game._start.clone()
        else:
            position = Game.from_text(text)
            if position.name != game._start.name:
                raise ValueError(f"'{text[:40]}...' is no position of {game}")
            # The text carries the rule options (the ply cap among them): they must be the game's.
            ours, theirs = dict(game._start.options), dict(position.options)
            differ = sorted(k for k in ours if ours[k] != theirs.get(k))
            if differ:
                raise ValueError(
                    f"the position's options differ from {game}'s: "
                    + ", ".join(f"{k}={theirs.get(k)} (not {ours[k]})" for k in differ)
                )
        self._turn = Turn(position)

    # The OpenSpiel API.

    def current_player(self) -> int:
        if self._turn.game.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self._turn.game.to_move

    def _legal_actions(self, player: int) -> List[int]:
        return self._turn.legal_actions()

    def _apply_action(self, action: int) -> None:
        self._turn.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._turn.label(action)

    def is_terminal(self) -> bool:
        return self._turn.game.is_over

    def returns(self) -> List[float]:
        outcome = self._turn.game.outcome()
        if outcome is None:
            return [0.0] * self._turn.game.players
        return zero_sum_returns(outcome)

    def __str__(self) -> str:
        text = self._turn.game.draw()
        partial = self._turn.describe_partial()
        return f"{text}\nturn so far: {partial}" if partial else text

    # Beyond OpenSpiel.

    def tabula_game(self) -> Game:
        """A copy of the position as a `tabula_games.Game` (its history included), for the
        engines: `tabula_games.search(state.tabula_game(), think=0.1)`."""
        return self._turn.game.clone()

    def partial_turn(self) -> List[int]:
        """The actions of the seat to move's turn so far (empty between turns)."""
        return list(self._turn.prefix)

    def cut_by_ply_cap(self) -> bool:
        """Whether the game ended at the ply cap rather than by its rules."""
        return cut_by_ply_cap(self._turn.game.outcome())

    def position_text(self) -> str:
        """The position text, rule options included; `game.new_initial_state(text)` reads
        it back (between turns)."""
        return self._turn.game.to_text()


class TabulaObserver:
    """OpenSpiel's Python observer: `tensor` is flat, `dict` views it as `observation`
    (planes, height, width) and, in games of several actions a turn, `turn`."""

    def __init__(self, start: Game, perfect_recall: bool, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"the Tabula observers take no parameters; given {params}")
        self._perfect_recall = perfect_recall
        shape = start.observation_shape
        planes = int(np.prod(shape))
        multi = turn_actions(start.name) > 1
        size = planes + (start.num_actions if multi else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:planes].reshape(shape)}
        if multi:
            self.dict["turn"] = self.tensor[planes:]

    def set_from(self, state: TabulaState, player: int) -> None:
        turn = state._turn
        self.dict["observation"][...] = turn.game.observation(player)
        if "turn" in self.dict:
            part = self.dict["turn"]
            part.fill(0.0)
            part[turn.prefix] = 1.0

    def string_from(self, state: TabulaState, player: int) -> str:
        if self._perfect_recall:
            # An information state of perfect recall: the whole history.
            return state.history_str()
        text = state._turn.game.to_text()
        partial = state._turn.describe_partial()
        return f"{text} | turn so far: {partial}" if partial else text


def _game_class(spec: _Spec) -> type:
    """The game's subclass of `TabulaGame`, which OpenSpiel calls to make games: a class,
    not a closure, because OpenSpiel's registry outlives the interpreter and drops its
    reference after it has shut down, which a class (kept alive by its own reference
    cycles) survives and a function does not."""
    name = "".join(word.capitalize() for word in spec.name.split("-")) + "Game"
    cls = type(name, (TabulaGame,), {"_SPEC": spec, "__module__": __name__, "__doc__": f"{spec.name} as an OpenSpiel game."})
    globals()[name] = cls
    return cls


def register() -> None:
    """Registers every Tabula game with OpenSpiel (done on import; calling it again does
    nothing)."""
    registered = set(pyspiel.registered_names())
    for info in games():
        spec = _SPECS.get(short_name(info["name"])) or _Spec(info)
        _SPECS[spec.game_type.short_name] = spec
        if spec.game_type.short_name not in registered:
            pyspiel.register_game(spec.game_type, _game_class(spec))


register()
