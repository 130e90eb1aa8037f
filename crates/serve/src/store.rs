//! The sessions in memory, by id. There are at most [`Store::cap`]; starting one more
//! closes the one left alone longest, so that a forgotten tab cannot hold memory forever.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::error::{ApiError, clip};
use crate::session::Session;

/// A session and when a request last used it.
struct Entry {
    table: Arc<dyn Session>,
    used: Instant,
}

/// The sessions by id.
pub struct Store {
    sessions: Mutex<HashMap<String, Entry>>,
    cap: usize,
    counter: AtomicU64,
    /// Keys the ids: they are not guessable from one another, nor repeated by a restart.
    keys: RandomState,
}

impl Store {
    /// An empty store that keeps at most `cap` sessions (at least one).
    pub fn new(cap: usize) -> Self {
        Store {
            sessions: Mutex::new(HashMap::new()),
            cap: cap.max(1),
            counter: AtomicU64::new(0),
            keys: RandomState::new(),
        }
    }

    /// The most sessions kept.
    pub fn cap(&self) -> usize {
        self.cap
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.sessions.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Keeps `table` under a new id, closing the session used least recently if the store
    /// is full; returns the id.
    pub fn insert(&self, table: Arc<dyn Session>) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}", self.keys.hash_one(n));
        let mut sessions = self.lock();
        while sessions.len() >= self.cap {
            let Some(oldest) = sessions.iter().min_by_key(|(_, e)| e.used).map(|(id, _)| id.clone()) else { break };
            if let Some(entry) = sessions.remove(&oldest) {
                entry.table.close();
            }
        }
        sessions.insert(id.clone(), Entry { table, used: Instant::now() });
        id
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
