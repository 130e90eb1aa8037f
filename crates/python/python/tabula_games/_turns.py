"""A game played one action at a time, as OpenSpiel and PettingZoo play it: what both
adapters share.

A turn is one action in most games and up to four in E (two in Icelights), all by the
same seat. The actions of the legal turns of a position are prefix-free, so the turn is
complete exactly when the actions chosen so far spell a legal move; until then they are
kept as the *partial turn* and the game itself is untouched.
"""

from __future__ import annotations

import os
from typing import Dict, List, Optional, Sequence

from ._native import Game, Move, Outcome

# The most actions one turn takes, by game (every other game: one).
TURN_ACTIONS: Dict[str, int] = {"e": 4, "icelights": 2}

# The ply cap the adapters apply when the options name none: `tabula match`'s default.
DEFAULT_MAX_PLIES = 1000

# How the rules word an end by the ply cap (`tabula_rules::core::ending::cap_reason`).
_CAP_REASON = "the ply limit max_plies="


def turn_actions(name: str) -> int:
    """The most actions a turn of the game `name` takes."""
    return TURN_ACTIONS.get(name, 1)


def zero_sum_returns(outcome: Outcome) -> List[float]:
    """Each seat's return, `players * share - 1`, where the shares are the seats' scores
    scaled to sum to 1: a 2-player win is +1/-1, a draw 0, a sole winner of n seats gets
    n - 1 and the others -1. (Scaling matters only for teams, whose partners both score.)"""
    scores = outcome.scores
    total = sum(scores)
    n = len(scores)
    if total <= 0:
        return [0.0] * n
    return [n * s / total - 1.0 for s in scores]


def cut_by_ply_cap(outcome: Optional[Outcome]) -> bool:
    """Whether the game ended because the ply cap (`max_plies`) was reached, rather than by
    its own rules."""
    return outcome is not None and outcome.reason.startswith(_CAP_REASON)


class _Cache:
    """What is known of the actions that may follow the partial turn: their list and their
    strings, each filled on first use and dropped at every action. A copy starts empty,
    so that cloning a state never copies it."""

    def __init__(self) -> None:
        self.legal: Optional[List[int]] = None
        self.strings: Optional[Dict[int, str]] = None

    def __deepcopy__(self, memo: dict) -> "_Cache":
        return _Cache()


class Turn:
    """A `Game` and the partial turn of the seat to move."""

    def __init__(self, game: Game, prefix: Sequence[int] = ()) -> None:
        self.game = game
        self.prefix: List[int] = list(prefix)
        self._cache = _Cache()

    def __deepcopy__(self, memo: dict) -> "Turn":
        return Turn(self.game.clone(), self.prefix)

    def legal_actions(self) -> List[int]:
        """The actions that may come next, in increasing order (a list kept until the next
        action: read it, do not change it)."""
        if self.game.is_over:
            return []
        if self._cache.legal is None:
            self._cache.legal = self.game.legal_actions(self.prefix)
        return self._cache.legal

    def legal_action_mask(self):
        """A boolean numpy array over the action space: the actions that may come next."""
        return self.game.legal_action_mask(self.prefix)

    def apply(self, action: int) -> Optional[Move]:
        """Adds `action` to the turn; plays the move once the turn is complete and returns
        it (None while the turn goes on). Raises ValueError for an action that may not come
        next."""
        if self.game.is_over:
            raise ValueError(f"the game is over: action {action} cannot be played")
        actions = self.prefix + [int(action)]
        move = self.game.move_from_actions(actions)
        if move is None:
            # Not a whole move: it must begin one.
            if actions[-1] not in self.legal_actions():
                raise ValueError(f"action {action} cannot follow {self.prefix} here ({self.game.name})")
            self.prefix = actions
        else:
            self.game.play(move)
            self.prefix = []
        self._cache = _Cache()
        return move

    def label(self, action: int) -> str:
        """The action in words: the move it completes, or the text every move it begins
        starts with, followed by `...`; `action N` for an action that may not come next."""
        if self._cache.strings is None:
            self._cache.strings = self._all_labels()
        return self._cache.strings.get(int(action), f"action {action}")

    def _all_labels(self) -> Dict[int, str]:
        depth = len(self.prefix)
        complete: Dict[int, str] = {}
        begun: Dict[int, List[str]] = {}
        if not self.game.is_over:
            for move in self.game.legal_moves():
                actions = move.actions
                if len(actions) <= depth or actions[:depth] != self.prefix:
                    continue
                if len(actions) == depth + 1:
                    complete[actions[depth]] = str(move)
                else:
                    begun.setdefault(actions[depth], []).append(str(move))
        # Prefix-freeness: an action either completes one move or begins several.
        labels = {a: os.path.commonprefix(texts) + "..." for a, texts in begun.items()}
        labels.update(complete)
        return labels

    def describe_partial(self) -> str:
        """The partial turn in words (empty when there is none)."""
        if not self.prefix:
            return ""
        texts = [str(m) for m in self.game.legal_moves() if m.actions[: len(self.prefix)] == self.prefix]
        return os.path.commonprefix(texts) + "..." if texts else repr(self.prefix)
