//! Tree reuse: the next search keeps the subtree of the position reached, if it is the
//! previous root or lies one or two plies below it.

use std::collections::TryReserveError;

use super::tree::{NONE, Tree};
use crate::api::EngineGame;

impl<G: EngineGame> Tree<G> {
    /// The node of the previous tree whose position is `game`: the root, a child or a
    /// grandchild. Their positions are the tree's, with the turn handed on as the previous
    /// search's model does.
    pub(super) fn find(&self, game: &G) -> Option<u32> {
        let old = self.root.as_ref()?;
        if self.nodes.is_empty() {
            return None;
        }
        let same = |g: &G| g.hash() == game.hash() && g.ply() == game.ply() && g.to_text() == game.to_text();
        if same(old) {
            return Some(0);
        }
        for child in self.children(0) {
            let mut g = old.clone();
            let ch = &self.nodes[child as usize];
            self.sides.advance(&mut g, ch.mv, ch.mover);
            if same(&g) {
                return Some(child);
            }
            for grandchild in self.children(child) {
                let mut g2 = g.clone();
                let gc = &self.nodes[grandchild as usize];
                self.sides.advance(&mut g2, gc.mv, gc.mover);
                if same(&g2) {
                    return Some(grandchild);
                }
            }
        }
        None
    }

    /// Keeps only the subtree under `top`, which becomes the root; an error (the tree
    /// unchanged) if the memory for the copy cannot be had.
    pub(super) fn compact(&mut self, top: u32) -> Result<(), TryReserveError> {
        let seats = self.seats;
        // The copies get the old room at once, so that they never grow by reallocation.
        let (mut nodes, mut rewards, mut minimax) = (Vec::new(), Vec::new(), Vec::new());
        let (mut moves, mut owners) = (Vec::new(), Vec::new());
        nodes.try_reserve_exact(self.nodes.capacity())?;
        rewards.try_reserve_exact(self.rewards.capacity())?;
        minimax.try_reserve_exact(self.minimax.capacity())?;
        moves.try_reserve_exact(self.moves.capacity())?;
        owners.try_reserve_exact(self.owners.capacity())?;
        let old_nodes = std::mem::replace(&mut self.nodes, nodes);
        let old_rewards = std::mem::replace(&mut self.rewards, rewards);
        let old_minimax = std::mem::replace(&mut self.minimax, minimax);
        let old_moves = std::mem::replace(&mut self.moves, moves);
        let old_owners = std::mem::replace(&mut self.owners, owners);
        let copy = |tree: &mut Self, old: u32, parent: u32| -> u32 {
            let mut node = old_nodes[old as usize];
            node.parent = parent;
            node.first_child = NONE;
            node.next_sibling = NONE;
            if node.moves_start != NONE {
                let (start, len) = (node.moves_start as usize, node.moves_len as usize);
                node.moves_start = tree.moves.len() as u32;
                tree.moves.extend_from_slice(&old_moves[start..start + len]);
                if tree.keeps_owners() {
                    tree.owners.extend_from_slice(&old_owners[start..start + len]);
                }
            }
            let old = old as usize;
            tree.rewards.extend_from_slice(&old_rewards[old * seats..(old + 1) * seats]);
            tree.minimax.extend_from_slice(&old_minimax[old * seats..(old + 1) * seats]);
            tree.nodes.push(node);
            tree.nodes.len() as u32 - 1
        };
        // Breadth first: `queue[k]` pairs an old node with its copy.
        let mut queue = vec![(top, copy(self, top, NONE))];
        let mut k = 0;
        while k < queue.len() {
            let (old, new) = queue[k];
            k += 1;
            let mut prev = NONE;
            let mut child = old_nodes[old as usize].first_child;
            while child != NONE {
                let copied = copy(self, child, new);
                if prev == NONE {
                    self.nodes[new as usize].first_child = copied;
                } else {
                    self.nodes[prev as usize].next_sibling = copied;
                }
                prev = copied;
                queue.push((child, copied));
                child = old_nodes[child as usize].next_sibling;
            }
        }
        Ok(())
    }
}
