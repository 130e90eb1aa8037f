//! Every thread that searches starts here, with one stack size: a table's searcher, Lazy
//! SMP helpers, MCTS threads.
//!
//! A search recurses one frame a ply (alpha-beta's negamax, max^n and quiescence, each
//! frame holding a move list and a copy of the position) down to
//! [`MAX_PLY`], and running out of stack is no panic: it ends
//! the process. So the stack is sized from that depth and the largest game's frame, with a
//! margin, rather than left at the platform's default (2 MiB for a spawned thread on
//! Linux, about 280 frames of the smallest game but 170 of E's).
//!
//! Stopping is the searcher's affair: every search watches the stop flag of its
//! [`Limits`](crate::Limits), and whoever started the thread raises it.

use std::io;
use std::mem::size_of;
use std::thread::{Builder, JoinHandle, Scope, ScopedJoinHandle};

use tabula_rules::{Game, MoveList};

use super::max_ply::MAX_PLY;

/// The stack a ply of the deepest recursion may take, per byte of the largest game's move
/// list and position: a ply's frames hold a move list, the child's copy of the position
/// and the ordering's locals. Measured (the smallest stack on which `stack_tests` dives to
/// `MAX_PLY`): six-seat E, whose lists are the largest, takes about 9.7 KB a ply optimized
/// and 11.7 KB unoptimized, against 8.3 KB of list and position; 3 leaves room.
const FRAME_PER_BYTE: usize = 3;

/// Everything that is not the recursion: the search's entry, the searcher's own frames,
/// printing a report, unwinding a panic.
const BASE: usize = 1 << 20;

macro_rules! largest_frame {
    ($($game:ty),* $(,)?) => {{
        let mut largest = 0;
        $(
            let frame = size_of::<MoveList<<$game as Game>::Move>>() + size_of::<$game>();
            if frame > largest {
                largest = frame;
            }
        )*
        largest
    }};
}

/// The move list and position of the game whose are largest, in bytes.
pub const LARGEST_FRAME: usize = tabula_rules::for_each_game!(largest_frame);

/// The stack of every search thread: [`MAX_PLY`] frames of the largest game with a margin,
/// on top of a megabyte for the rest.
pub const STACK: usize = BASE + MAX_PLY * FRAME_PER_BYTE * LARGEST_FRAME;

/// Starts `work` on a search thread named `name` (see the module docs).
pub fn spawn<F, T>(name: String, work: F) -> io::Result<JoinHandle<T>>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    Builder::new().name(name).stack_size(STACK).spawn(work)
}

/// Starts `work` on a search thread named `name` within `scope` (see the module docs).
pub fn spawn_scoped<'scope, 'env, F, T>(
    scope: &'scope Scope<'scope, 'env>,
    name: String,
    work: F,
) -> io::Result<ScopedJoinHandle<'scope, T>>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    Builder::new().name(name).stack_size(STACK).spawn_scoped(scope, work)
}
