//! An in-process searcher on a thread of its own for the length of a game, so that the game
//! loop can wait for its move with a deadline, stop it, and outlive its panics.
//!
//! The loop sends the thread a position and limits; the thread searches, forwarding every
//! report, and sends back the result. The limits carry the thread's stop flag, which the loop
//! raises when it stops waiting. A search (and `new_game`) runs inside `catch_unwind`: a panic
//! comes back as its message, and the thread ends. Whoever waits chooses how long: a loop
//! that gives up on a search abandons its thread, which ends by itself once the search
//! returns (its sends then fail silently, as nobody listens).
//!
//! Both sides spin a moment before they sleep on a channel (see [`receive`]): a move of a
//! few microseconds would otherwise pay two thread wake-ups, each tens of microseconds on a
//! busy machine.
//!
//! A loop that cannot wait (a web server's handlers, the UGI server reading its input)
//! gives the thread a wake hook instead: the thread calls it after every report and answer
//! it sends, and the hook [`poll`](SearcherThread::poll)s.
//!
//! Catching a panic needs the unwinding panic strategy; under `panic = "abort"` a panicking
//! searcher still ends the process.

use std::any::Any;
use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use tabula_engine::{Limits, SearchInfo, SearchResult, Searcher};
use tabula_rules::Game;

/// What the game loop asks of the thread.
enum Job<G> {
    /// Search this position under these limits; send the reports over if asked.
    Search(G, Limits, bool),
    /// Forget the previous game.
    NewGame,
}

/// What the thread tells the game loop.
enum Event<M> {
    /// A report during the search.
    Info(SearchInfo<M>),
    /// The search's result.
    Done(SearchResult<M>),
    /// The searcher panicked with this message; the thread has ended.
    Panicked(String),
}

/// How a search ended, as far as the waiting loop knows.
pub enum Answer<M> {
    /// The searcher returned.
    Done(SearchResult<M>),
    /// The searcher panicked (or its thread ended without a result), with the message.
    Panicked(String),
}

/// A searcher thinking on its own thread; see the module docs.
pub(crate) struct SearcherThread<G: Game> {
    jobs: Sender<Job<G>>,
    events: Receiver<Event<G::Move>>,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Option<Box<dyn Searcher<G>>>>,
    /// A search was started and has not answered.
    busy: bool,
}

impl<G: Game> SearcherThread<G> {
    /// Starts a thread named `name` that owns `searcher` and waits for work; `wake`, if
    /// given, is called on the thread after every event it sends.
    pub(crate) fn spawn(searcher: Box<dyn Searcher<G>>, name: String, wake: Option<Wake>) -> io::Result<Self> {
        let (jobs, inbox) = mpsc::channel::<Job<G>>();
        let (outbox, events) = mpsc::channel();
        let outbox = Outbox { events: outbox, wake };
        let thread = tabula_engine::search::thread::spawn(name, move || serve(searcher, &inbox, &outbox))?;
        Ok(SearcherThread { jobs, events, stop: Arc::new(AtomicBool::new(false)), thread, busy: false })
    }

    /// Starts searching `game` under `limits`, whose stop flag is replaced by the thread's,
    /// lowered; the search's reports are sent over only if `reports`. The thread must be
    /// idle (the last search answered).
    pub(crate) fn start(&mut self, game: &G, mut limits: Limits, reports: bool) {
        debug_assert!(!self.busy, "a search is already running");
        self.stop.store(false, Ordering::Relaxed);
        limits.stop = Some(self.stop.clone());
        // A thread that has ended (after a panic) has left its last word in `events`, or
        // closed the channel: `wait` reports either.
        let _ = self.jobs.send(Job::Search(game.clone(), limits, reports));
        self.busy = true;
    }

    /// Waits for the search's answer until `until`, passing every report to `info`. `None`
    /// when the search has not answered by then; it goes on (see [`stop`](Self::stop)).
    pub(crate) fn wait(
        &mut self,
        until: Instant,
        info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<Answer<G::Move>> {
        self.next_answer(info, |events| match receive(events, Some(until)) {
            Ok(event) => Some(Ok(event)),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Err(())),
        })
    }

    /// The search's answer if it has come, passing every report received to `info`;
    /// `None` while it searches (or when no search runs).
    pub(crate) fn poll(&mut self, info: &mut dyn FnMut(&SearchInfo<G::Move>)) -> Option<Answer<G::Move>> {
        if !self.busy {
            // Nothing to answer; reports of an answered search are not kept.
            while self.events.try_recv().is_ok() {}
            return None;
        }
        self.next_answer(info, |events| match events.try_recv() {
            Ok(event) => Some(Ok(event)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(())),
        })
    }

    /// Takes events with `next` (`None`: no more for now; `Err`: the thread has gone),
    /// reports to `info`, until the answer.
    fn next_answer(
        &mut self,
        info: &mut dyn FnMut(&SearchInfo<G::Move>),
        mut next: impl FnMut(&Receiver<Event<G::Move>>) -> Option<Result<Event<G::Move>, ()>>,
    ) -> Option<Answer<G::Move>> {
        let answer = loop {
            match next(&self.events)? {
                Ok(Event::Info(report)) => info(&report),
                Ok(Event::Done(result)) => break Answer::Done(result),
                Ok(Event::Panicked(message)) => break Answer::Panicked(message),
                Err(()) => break Answer::Panicked("the searcher's thread ended without a move".to_string()),
            }
        };
        self.busy = false;
        Some(answer)
    }

    /// Whether a search was started and has not been answered.
    pub(crate) fn busy(&self) -> bool {
        self.busy
    }

    /// Raises the running search's stop flag.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Tells the searcher a new game starts (after the running search, if any).
    pub(crate) fn new_game(&mut self) {
        let _ = self.jobs.send(Job::NewGame);
    }

    /// Ends the thread and gives the searcher back, if it is idle and has not panicked. A
    /// thread still searching is stopped and abandoned: `None`.
    pub(crate) fn finish(self) -> Option<Box<dyn Searcher<G>>> {
        let SearcherThread { jobs, events, stop, thread, busy } = self;
        if busy {
            stop.store(true, Ordering::Relaxed);
            return None;
        }
        // With its job channel closed, an idle thread returns the searcher at once.
        drop(jobs);
        drop(events);
        thread.join().ok().flatten()
    }
}

/// What wakes a loop that polls: called on the searcher's thread after each event.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// Where the thread sends its events, and whom it wakes.
struct Outbox<M> {
    events: Sender<Event<M>>,
    wake: Option<Wake>,
}

impl<M> Outbox<M> {
    /// Sends `event` (nobody listening is no error: the loop gave up on the search) and
    /// wakes the loop.
    fn send(&self, event: Event<M>) {
        if self.events.send(event).is_ok()
            && let Some(wake) = &self.wake
        {
            wake();
        }
    }
}

/// The thread's loop: runs jobs until the game loop hangs up (then gives the searcher back)
/// or the searcher panics (then reports the panic and ends).
fn serve<G: Game>(
    mut searcher: Box<dyn Searcher<G>>,
    inbox: &Receiver<Job<G>>,
    outbox: &Outbox<G::Move>,
) -> Option<Box<dyn Searcher<G>>> {
    while let Ok(job) = receive(inbox, None) {
        let ran = panic::catch_unwind(AssertUnwindSafe(|| match job {
            Job::Search(game, limits, reports) => {
                let result = searcher.search(&game, &limits, &mut |info| {
                    if reports {
                        outbox.send(Event::Info(info.clone()));
                    }
                });
                Some(result)
            }
            Job::NewGame => {
                searcher.new_game();
                None
            }
        }));
        match ran {
            Ok(Some(result)) => outbox.send(Event::Done(result)),
            Ok(None) => {}
            Err(payload) => {
                outbox.send(Event::Panicked(panic_message(payload.as_ref())));
                return None;
            }
        }
    }
    Some(searcher)
}

/// How long a wait spins, yielding the processor, before it sleeps.
const SPIN: Duration = Duration::from_micros(100);

/// The next message on `channel`, waiting until `until` (or for good): first polling for up
/// to [`SPIN`], yielding the processor between polls, then asleep.
fn receive<T>(channel: &Receiver<T>, until: Option<Instant>) -> Result<T, RecvTimeoutError> {
    let now = Instant::now();
    let spin_until = until.map_or(now + SPIN, |until| until.min(now + SPIN));
    loop {
        match channel.try_recv() {
            Ok(message) => return Ok(message),
            Err(TryRecvError::Disconnected) => return Err(RecvTimeoutError::Disconnected),
            Err(TryRecvError::Empty) if Instant::now() < spin_until => thread::yield_now(),
            Err(TryRecvError::Empty) => break,
        }
    }
    match until {
        Some(until) => channel.recv_timeout(until.saturating_duration_since(Instant::now())),
        None => channel.recv().map_err(|_| RecvTimeoutError::Disconnected),
    }
}

/// The text a panic was raised with (`panic!` gives a `&str` or a `String`), on one line
/// (an `assert_eq!` message has several), as records keep it in a tag.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    let text = if let Some(text) = payload.downcast_ref::<&str>() {
        text
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.as_str()
    } else {
        "a panic without a message"
    };
    text.lines().map(str::trim).filter(|line| !line.is_empty()).collect::<Vec<_>>().join(" ")
}

/// What a player holds in place of a searcher that did not come back from its thread (it
/// was abandoned mid-search, or panicked): a searcher that finds no move.
pub(crate) struct Gone;

impl<G: Game> Searcher<G> for Gone {
    fn search(&mut self, _: &G, _: &Limits, _: &mut dyn FnMut(&SearchInfo<G::Move>)) -> SearchResult<G::Move> {
        SearchResult { best: None, score: 0, pv: Vec::new(), nodes: 0, depth: 0, time: Duration::ZERO }
    }
}
