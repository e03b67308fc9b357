//! The worker's side of `shared::jobs::signals`: an idle queue worker fetches as soon as the
//! relay announces new jobs on the wake channel (the 200 ms poll stays as the fallback), and a
//! paused queue's worker fetches nothing until the queue is resumed.
//!
//! One task per process listens to the wake and control channels ([`listen`]) and flips the
//! [`QueueSignal`] of the queue named by each message; the queue's apalis worker sees it through
//! its poll strategy (`polling::EveryPeriod`) and its [`PauseLayer`].

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use apalis::prelude::{Layer, Service};
use futures::StreamExt;
use futures::task::AtomicWaker;
use shared::jobs::{Redis, board, signals};

/// How often the paused set is read again, in case a control message was missed.
const RECONCILE_EVERY: Duration = Duration::from_secs(3);
/// Pause before connecting again when the subscription failed (Redis away).
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// What one queue's worker in this process is told: new jobs, paused or not.
#[derive(Default)]
pub struct QueueSignal {
    /// Set by a wake message, taken by the poll strategy.
    ready: AtomicBool,
    /// The worker task to wake when jobs arrive (registered by the poll strategy).
    fetch: AtomicWaker,
    paused: AtomicBool,
    /// The worker task waiting for a resume (registered by the pause layer).
    resume: AtomicWaker,
}

impl QueueSignal {
    /// New jobs: the worker fetches now.
    pub fn wake(&self) {
        self.ready.store(true, Ordering::Release);
        self.fetch.wake();
    }

    /// Whether a wake arrived since the last call (and forgets it).
    pub fn take_ready(&self) -> bool {
        self.ready.swap(false, Ordering::AcqRel)
    }

    /// Registers the task to wake when jobs arrive.
    pub fn register_fetch(&self, cx: &Context<'_>) {
        self.fetch.register(cx.waker());
    }

    pub fn is_paused(&self) -> bool {
        self.paused.load(Ordering::Acquire)
    }

    fn set_paused(&self, paused: bool) {
        let was = self.paused.swap(paused, Ordering::AcqRel);
        if was != paused {
            tracing::info!(
                paused,
                "queue {}",
                if paused { "paused" } else { "resumed" }
            );
        }
        if !paused {
            self.resume.wake();
        }
    }
}

/// The signals of every queue this process consumes.
#[derive(Clone, Default)]
pub struct QueueSignals(Arc<HashMap<&'static str, Arc<QueueSignal>>>);

impl QueueSignals {
    pub fn new() -> Self {
        Self(Arc::new(
            board::QUEUES
                .into_iter()
                .map(|queue| (queue, Arc::default()))
                .collect(),
        ))
    }

    /// The signal of `queue` (one of `board::QUEUES`).
    pub fn of(&self, queue: &str) -> Arc<QueueSignal> {
        self.0
            .get(queue)
            .cloned()
            .unwrap_or_else(|| panic!("{queue} is not one of board::QUEUES"))
    }

    fn wake(&self, queue: &str) {
        if let Some(signal) = self.0.get(queue) {
            signal.wake();
        }
    }

    fn wake_all(&self) {
        self.0.values().for_each(|signal| signal.wake());
    }

    fn apply_paused(&self, paused: &BTreeSet<String>) {
        for (queue, signal) in self.0.iter() {
            signal.set_paused(paused.contains(*queue));
        }
    }
}

/// Listens to the namespace's wake and control channels until the process ends, connecting
/// again after a failure; on every (re)connection it reads the paused set and wakes every queue
/// (a message may have been missed meanwhile).
pub async fn listen(redis: Redis, queues: QueueSignals) {
    loop {
        if let Err(error) = follow(&redis, &queues).await {
            tracing::warn!(%error, "queue signals interrupted; listening again");
        }
        tokio::time::sleep(RECONNECT_AFTER).await;
    }
}

async fn follow(redis: &Redis, queues: &QueueSignals) -> Result<(), redis::RedisError> {
    let wake = signals::wake_channel(&redis.namespace);
    let control = signals::control_channel(&redis.namespace);
    let mut pubsub = redis.client.get_async_pubsub().await?;
    pubsub.subscribe(&wake).await?;
    pubsub.subscribe(&control).await?;
    let mut messages = pubsub.into_on_message();
    reconcile(redis, queues).await?;
    queues.wake_all();
    let mut reconcile_ticks = tokio::time::interval(RECONCILE_EVERY);
    reconcile_ticks.reset();
    loop {
        tokio::select! {
            message = messages.next() => {
                let Some(message) = message else {
                    return Err(redis::RedisError::from((redis::ErrorKind::Io, "the subscription ended")));
                };
                if message.get_channel_name() == wake {
                    queues.wake(&message.get_payload::<String>()?);
                } else {
                    reconcile(redis, queues).await?;
                }
            }
            _ = reconcile_ticks.tick() => reconcile(redis, queues).await?,
        }
    }
}

async fn reconcile(redis: &Redis, queues: &QueueSignals) -> Result<(), redis::RedisError> {
    match signals::paused(redis).await {
        Ok(paused) => {
            queues.apply_paused(&paused);
            Ok(())
        }
        Err(shared::jobs::JobError::Redis { source, .. }) => Err(source),
        Err(error) => Err(redis::RedisError::from((
            redis::ErrorKind::Io,
            "reading the paused queues",
            error.to_string(),
        ))),
    }
}

/// Holds a queue's worker back from fetching while the queue is paused: apalis asks the service
/// whether it is ready before each fetch, and a paused queue's service answers "not yet" until
/// the resume wakes it. Running jobs finish; heartbeats and acknowledgements go on.
#[derive(Clone)]
pub struct PauseLayer(pub Arc<QueueSignal>);

impl<S> Layer<S> for PauseLayer {
    type Service = Pausable<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Pausable {
            inner,
            signal: self.0.clone(),
        }
    }
}

#[derive(Clone)]
pub struct Pausable<S> {
    inner: S,
    signal: Arc<QueueSignal>,
}

impl<S, Request> Service<Request> for Pausable<S>
where
    S: Service<Request>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        if self.signal.is_paused() {
            self.signal.resume.register(cx.waker());
            // Resumed between the look and the registration: go on.
            if self.signal.is_paused() {
                return Poll::Pending;
            }
        }
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        self.inner.call(request)
    }
}
