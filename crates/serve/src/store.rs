//! The sessions in memory, by id. There are at most [`Store::cap`], at most
//! [`Budget::engine_games`] of them with an engine, holding at most [`Budget::table_mb`] of
//! engine tables; starting one more closes those left alone longest until it fits, and a
//! session left alone for [`Budget::idle`] is closed ([`Store::reap`]), so that a forgotten
//! tab cannot hold memory or a thinking engine forever.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::budget::{Budget, Cost};
use crate::error::{ApiError, clip};
use crate::session::Session;

/// A session, what it takes, and when a request last used it.
struct Entry {
    table: Arc<dyn Session>,
    cost: Cost,
    used: Instant,
}

/// The sessions by id.
pub struct Store {
    sessions: Mutex<HashMap<String, Entry>>,
    cap: usize,
    budget: Budget,
    counter: AtomicU64,
    /// Keys the ids: they are not guessable from one another, nor repeated by a restart.
    keys: RandomState,
}

impl Store {
    /// An empty store that keeps at most `cap` sessions (at least one) within `budget`.
    pub fn new(cap: usize, budget: Budget) -> Self {
        Store {
            sessions: Mutex::new(HashMap::new()),
            cap: cap.max(1),
            budget,
            counter: AtomicU64::new(0),
            keys: RandomState::new(),
        }
    }

    /// The limits the sessions are kept within.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Closes the sessions left alone longest until one of `cost` fits: at most
    /// [`Store::cap`] sessions, [`Budget::engine_games`] with an engine, and
    /// [`Budget::table_mb`] of tables. Called before its engines are built, so that the
    /// tables of the sessions it ends are let go first. An error if it cannot fit at all.
    pub fn make_room(&self, cost: Cost) -> Result<(), ApiError> {
        let budget = &self.budget;
        if cost.table_mb > budget.table_mb {
            return Err(ApiError::bad(format!(
                "bad seats: the engines' tables take {} MB, more than the server's {} MB for tables \
                 (tabula serve --table-memory)",
                cost.table_mb, budget.table_mb
            )));
        }
        if cost.engine && budget.engine_games == 0 {
            return Err(ApiError::bad("bad seats: this server plays no engine games (tabula serve --engine-games)"));
        }
        let mut sessions = self.lock();
        loop {
            let full = sessions.len() >= self.cap;
            let engines = cost.engine && sessions.values().filter(|e| e.cost.engine).count() >= budget.engine_games;
            let held: usize = sessions.values().map(|e| e.cost.table_mb).sum();
            let memory = held + cost.table_mb > budget.table_mb;
            let helps = |e: &Entry| full || (engines && e.cost.engine) || (memory && e.cost.table_mb > 0);
            if !(full || engines || memory) {
                return Ok(());
            }
            let oldest =
                sessions.iter().filter(|(_, e)| helps(e)).min_by_key(|(_, e)| e.used).map(|(id, _)| id.clone());
            match oldest.and_then(|id| sessions.remove(&id)) {
                Some(entry) => entry.table.close(),
                None => return Ok(()),
            }
        }
    }

    /// Closes and forgets every session no request has used for [`Budget::idle`]; gives
    /// how many.
    pub fn reap(&self) -> usize {
        let mut sessions = self.lock();
        let idle: Vec<String> =
            sessions.iter().filter(|(_, e)| e.used.elapsed() >= self.budget.idle).map(|(id, _)| id.clone()).collect();
        for id in &idle {
            if let Some(entry) = sessions.remove(id) {
                entry.table.close();
            }
        }
        idle.len()
    }

    /// The most sessions kept.
    pub fn cap(&self) -> usize {
        self.cap
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.sessions.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps `table`, which takes `cost`, under a new id, making room as
    /// [`make_room`](Store::make_room) does (again: another session may have come since);
    /// returns the id.
    pub fn insert(&self, table: Arc<dyn Session>, cost: Cost) -> Result<String, ApiError> {
        if let Err(e) = self.make_room(cost) {
            table.close();
            return Err(e);
        }
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}", self.keys.hash_one(n));
        self.lock().insert(id.clone(), Entry { table, cost, used: Instant::now() });
        Ok(id)
    }

    /// The session `id`, marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<dyn Session>, ApiError> {
        let mut sessions = self.lock();
        let entry = sessions.get_mut(id).ok_or_else(|| unknown(id))?;
        entry.used = Instant::now();
        Ok(entry.table.clone())
    }

    /// Closes and forgets session `id`.
    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        let entry = self.lock().remove(id).ok_or_else(|| unknown(id))?;
        entry.table.close();
        Ok(())
    }

    /// The number of sessions kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no session is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn unknown(id: &str) -> ApiError {
    ApiError::not_found(format!("unknown session id '{}' (it may have ended, or the server restarted)", clip(id)))
}
