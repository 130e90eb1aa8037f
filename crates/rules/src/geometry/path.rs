//! The cells a move passed, found again: a shortest path by breadth-first search, for
//! drawings that mark a move whose notation names only its ends.

use std::collections::VecDeque;

/// The cells strictly between `from` and `to`, in order, on a shortest path whose steps
/// from cell `i` are `next(i)` (cells below `cells`); `None` when `to` cannot be reached.
/// It allocates.
pub fn shortest_path(cells: usize, from: usize, to: usize, next: impl Fn(usize) -> Vec<usize>) -> Option<Vec<usize>> {
    if from >= cells || to >= cells {
        return None;
    }
    let mut parent = vec![usize::MAX; cells];
    parent[from] = from;
    let mut queue = VecDeque::from([from]);
    while let Some(i) = queue.pop_front() {
        if i == to {
            let mut between = Vec::new();
            let mut at = parent[to];
            while at != from {
                between.push(at);
                at = parent[at];
            }
            between.reverse();
            return Some(between);
        }
        for n in next(i) {
            if n < cells && parent[n] == usize::MAX {
                parent[n] = i;
                queue.push_back(n);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_between_on_a_shortest_path() {
        // A line 0-1-2-3-4 with a shortcut 1-3: from 0 to 4 passes 1 and 3.
        let next = |i: usize| match i {
            0 => vec![1],
            1 => vec![0, 2, 3],
            2 => vec![1, 3],
            3 => vec![2, 4],
            _ => vec![3],
        };
        assert_eq!(shortest_path(5, 0, 4, next), Some(vec![1, 3]));
        assert_eq!(shortest_path(5, 0, 1, next), Some(vec![]));
        assert_eq!(shortest_path(6, 0, 5, next), None);
        assert_eq!(shortest_path(5, 0, 9, next), None);
    }
}
