"""Exact rules and strong engines for Chinese Checkers, E, Icelights, Martian Chess, Coaster
Chess and Gentleman's Echelon, from the Tabula workspace (Rust, through pyo3).

    >>> import tabula_games
    >>> game = tabula_games.Game("chinese-checkers")
    >>> len(game.legal_moves())
    14
    >>> game.play("k15-i13")
    >>> game.to_move
    1

`tabula_games.openspiel` registers every game with OpenSpiel and `tabula_games.pettingzoo`
makes PettingZoo environments; both need their optional extras. See docs/python.md.
"""

from ._native import (
    Game,
    Match,
    MatchGame,
    Move,
    MoveList,
    Outcome,
    SearchResult,
    __version__,
    games,
    random_playouts,
    search,
)

__all__ = [
    "Game",
    "Match",
    "MatchGame",
    "Move",
    "MoveList",
    "Outcome",
    "SearchResult",
    "__version__",
    "games",
    "random_playouts",
    "search",
]
