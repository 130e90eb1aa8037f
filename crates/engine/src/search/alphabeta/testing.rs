//! What a test needs to drive a [`Worker`](super::worker::Worker) by hand: the state its
//! threads share, owned here and lent out as a [`Shared`].

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
use std::time::Instant;

use super::Model;
use super::worker::Shared;
use crate::api::{EngineGame, Limits};
use crate::search::table::Table;

/// The table, evaluator and counters a search's threads share.
pub(super) struct Parts<G: EngineGame> {
    table: Table,
    eval: G::Eval,
    pub stop: AtomicBool,
    pub counted: AtomicU64,
    main_depth: AtomicU32,
}

impl<G: EngineGame> Parts<G> {
    /// Fresh parts with a table of `hash_mb` MB and the game's default evaluator.
    pub(super) fn new(hash_mb: usize) -> Self {
        Parts {
            table: Table::new(hash_mb).unwrap(),
            eval: G::Eval::default(),
            stop: AtomicBool::new(false),
            counted: AtomicU64::new(0),
            main_depth: AtomicU32::new(0),
        }
    }

    /// A search under `limits` with the game's defaults, starting now: paranoid, no late
    /// move reductions, no history of earlier positions.
    pub(super) fn shared<'a>(&'a self, limits: &'a Limits) -> Shared<'a, G> {
        Shared {
            table: &self.table,
            eval: &self.eval,
            stop: &self.stop,
            counted: &self.counted,
            main_depth: &self.main_depth,
            limits,
            start: Instant::now(),
            aspiration: 50,
            contempt: G::TUNING.contempt,
            seen: &[],
            lmr: 0,
            rivals: 0,
            quiescence: G::TUNING.quiescence_plies,
            model: Model::Paranoid,
            busy: None,
        }
    }
}
