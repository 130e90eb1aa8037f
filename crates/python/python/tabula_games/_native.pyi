"""Type stubs of the native module `tabula_games._native` (Rust, through pyo3), which
`tabula_games` re-exports."""

from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, TypedDict, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "__version__",
    "games",
    "Game",
    "Move",
    "MoveList",
    "Outcome",
    "SearchResult",
    "search",
    "Match",
    "MatchGame",
    "random_playouts",
]

__version__: str

class _OptionInfo(TypedDict):
    key: str
    values: str
    default: str
    doc: str

class _GameInfo(TypedDict):
    name: str
    players: List[int]
    default_players: int
    options: List[_OptionInfo]

def games() -> List[_GameInfo]:
    """Every game: its name, seat counts, default seat count and rule options."""

_OptionValue = Union[str, int, float, bool, None]

@final
class Game:
    """A game in play: a position of one of the games and the moves played to it."""

    def __new__(
        cls, name: str, players: Optional[int] = None, options: Optional[Mapping[str, _OptionValue]] = None
    ) -> "Game": ...
    @staticmethod
    def from_text(text: str) -> "Game":
        """The position a position text describes (`Game.to_text()` writes one)."""
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def to_move(self) -> int:
        """The seat to move, from 0."""
    @property
    def ply(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def hash(self) -> int:
        """The position's Zobrist hash (64 bits)."""
    @property
    def options(self) -> List[Tuple[str, str]]:
        """Every rule option and its value, `players` first."""
    def legal_moves(self) -> "MoveList": ...
    def play(self, mv: Union["Move", str, int]) -> None:
        """Plays a Move, its notation or its id; ValueError for an illegal or malformed move."""
    def undo(self) -> None:
        """Takes back the last move played; ValueError when there is none."""
    def clone(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, _memo: Any) -> "Game": ...
    def outcome(self) -> Optional["Outcome"]: ...
    def to_text(self) -> str: ...
    def perft(self, depth: int) -> int:
        """The number of move sequences `depth` plies deep (the GIL released)."""
    def draw(self) -> str: ...
    def svg(self) -> str: ...
    @property
    def num_actions(self) -> int:
        """The size of the action space: every action is below it."""
    def legal_action_mask(self, prefix: Sequence[int] = ...) -> npt.NDArray[np.bool_]:
        """The actions that may come next in a legal turn after the actions `prefix`."""
    def legal_actions(self, prefix: Sequence[int] = ...) -> List[int]:
        """The actions that may come next after `prefix`, in increasing order."""
    def move_from_actions(self, actions: Sequence[int]) -> Optional["Move"]:
        """The legal move made of `actions`, or None."""
    def move_from_id(self, id: int) -> "Move":
        """The legal move with this id; ValueError when no legal move has it."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """(planes, height, width)."""
    @property
    def observation_planes(self) -> List[str]: ...
    def observation(self, seat: Optional[int] = None) -> npt.NDArray[np.float32]:
        """What `seat` (by default the seat to move) sees, of shape `observation_shape`."""

@final
class Move:
    """A move of a game, listed in one position."""

    @property
    def id(self) -> int:
        """Its actions packed into one integer (a one-action move's id is its action)."""
    @property
    def actions(self) -> List[int]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class MoveList:
    """The legal moves of a position: indexed (negative indices too) and iterated."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> Move: ...
    # Iterated through __getitem__ (the sequence protocol); declared for type checkers.
    def __iter__(self) -> Iterator[Move]: ...

@final
class Outcome:
    """The result of a finished game."""

    @property
    def winner(self) -> Optional[int]:
        """The sole winner's seat, or None (a draw or a shared first place)."""
    @property
    def ranks(self) -> Sequence[int]:
        """Each seat's rank: 1 is best, tied seats share a rank."""
    @property
    def scores(self) -> List[float]:
        """Each seat's share of the point: 1 a win, 1/k a k-way shared first place, else 0."""
    @property
    def points(self) -> Optional[List[int]]:
        """Points per seat in games that count them (Martian Chess, Coaster Chess)."""
    @property
    def teams(self) -> Optional[Sequence[int]]:
        """Each seat's team where seats play in teams."""
    @property
    def reason(self) -> str:
        """Why the game ended, in words."""

@final
class SearchResult:
    """What a search found."""

    @property
    def move(self) -> Optional[Move]: ...
    @property
    def score(self) -> int:
        """For the seat to move, in the engine's units (about 100 a pawn or a step)."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def pv(self) -> List[Move]: ...

def search(
    game: Game,
    engine: str = "alphabeta",
    think: Optional[float] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
) -> SearchResult:
    """One engine's move for the position (a limit is needed); the GIL is released."""

@final
class MatchGame:
    """One finished game of a match."""

    @property
    def number(self) -> int: ...
    @property
    def seats(self) -> List[str]: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def termination(self) -> str: ...
    @property
    def plies(self) -> int: ...
    @property
    def record(self) -> str: ...
    @property
    def line(self) -> Dict[str, Any]: ...

@final
class Match:
    """A match between engines under one game's rules."""

    def __new__(
        cls,
        game: Game,
        engines: Sequence[str],
        tc: str = "st=0.1",
        games: int = 2,
        openings: str = "start",
        concurrency: int = 1,
        seed: int = 0,
        max_plies: Optional[int] = 1000,
    ) -> "Match": ...
    def run(self) -> List[MatchGame]:
        """Plays the match (the GIL released) and returns its games in order."""

class _Playouts(TypedDict):
    plies: npt.NDArray[np.uint32]
    scores: npt.NDArray[np.float64]
    finished: npt.NDArray[np.bool_]

def random_playouts(game: Game, n: int, seed: int = 0, max_plies: int = 100000) -> _Playouts:
    """`n` uniformly random games from the position, at the Rust speed."""
