//! Monte Carlo tree search: UCT with one reward per seat.
