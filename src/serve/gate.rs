//! The admission gate of short work: `check-input`, `puzzle` and `render` each take a
//! slot of a small pool before their body is parsed, and give it back when their work
//! ends; a request that finds every slot taken gets 429 at once. Searches take a job
//! slot instead (`jobs.rs`).

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::body::{self, RawBody};
use super::error::ApiError;
use super::search::blocking;
use serde::de::DeserializeOwned;

/// Short requests that may be worked on at once.
pub const MAX_LIGHT: usize = 4;

/// The pool of slots for short work.
pub struct Light(Arc<Semaphore>);

impl Default for Light {
    fn default() -> Light {
        Light(Arc::new(Semaphore::new(MAX_LIGHT)))
    }
}

impl Light {
    /// A slot, or 429 if none is free.
    pub fn admit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(&self.0)
            .try_acquire_owned()
            .map_err(|_| ApiError::busy_light())
    }

    /// Admits the request, then parses its body as `R` and runs `work` on it off the
    /// async threads, holding the slot until `work` returns (also when the client has
    /// gone away meanwhile).
    pub async fn run<R, T, F>(&self, RawBody(bytes): RawBody, work: F) -> Result<T, ApiError>
    where
        R: DeserializeOwned,
        T: Send + 'static,
        F: FnOnce(R) -> Result<T, ApiError> + Send + 'static,
    {
        let slot = self.admit()?;
        blocking(move || {
            let _slot = slot;
            work(body::parse(&bytes)?)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_past_the_pool_is_429_until_one_is_given_back() {
        let light = Light::default();
        let slots: Vec<_> = (0..MAX_LIGHT).map(|_| light.admit().unwrap()).collect();
        let refused = light.admit().unwrap_err();
        assert_eq!(refused.status().as_u16(), 429);
        drop(slots);
        assert!(light.admit().is_ok());
    }
}
