//! Checkpoints: saving the state and going back to it (copy or trail, see `store.rs`).

use super::Engine;
use crate::error::Conflict;

/// A saved search state, to go back to with [`Engine::restore_to`].
///
/// Opaque: the implementation may copy the domains or trail changes (see [`SnapshotMode`](crate::store::SnapshotMode)).
#[derive(Debug, PartialEq, Eq)]
#[must_use = "a checkpoint is only useful to restore to"]
pub struct Checkpoint {
    level: u32,
    generation: u64,
}

/// What a checkpoint records beside the store.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Saved {
    /// Whether propagation work was pending.
    pub(crate) pending: bool,
    /// The conflict, if the state was failed.
    pub(crate) failed: Option<Conflict>,
    /// Whether stand-ins were in force ([`Model::compile_all_different`]).
    pub(crate) standing_in: bool,
}

impl Engine {
    /// Saves the current state. Take checkpoints at a fixed point; work pending at that moment
    /// is redone (by scheduling every constraint) if the checkpoint is restored.
    pub fn new_checkpoint(&mut self) -> Checkpoint {
        self.pristine = false;
        self.push_checkpoint()
    }

    pub(crate) fn push_checkpoint(&mut self) -> Checkpoint {
        let level = self.core.store.level();
        self.dirty.push(Saved {
            pending: self.core.has_pending(),
            failed: self.core.failed,
            standing_in: self.core.standing_in,
        });
        let generation = self.next_generation;
        self.next_generation += 1;
        self.generations.push(generation);
        self.core.store.push_checkpoint();
        if let Some(t) = self.core.trail.as_deref_mut() {
            t.mark();
        }
        Checkpoint { level, generation }
    }

    /// Restores the state saved by `checkpoint`, undoing every change since, and drops it and
    /// every later checkpoint. Clears a failed state.
    ///
    /// # Panics
    ///
    /// Panics if the checkpoint was already dropped (restored, or older than a restored one).
    pub fn restore_to(&mut self, checkpoint: Checkpoint) {
        let Checkpoint { level, generation } = checkpoint;
        assert!(
            self.generations.get(level as usize) == Some(&generation),
            "checkpoint at level {level} was already dropped (current level {})",
            self.core.store.level()
        );
        self.restore_level(level);
    }

    pub(crate) fn restore_level(&mut self, level: u32) {
        self.core.store.restore_to(level);
        if let Some(t) = self.core.trail.as_deref_mut() {
            t.undo_to(level);
        }
        self.core.clear_pending();
        let saved = self.dirty[level as usize];
        self.core.failed = saved.failed;
        self.dirty.truncate(level as usize);
        self.generations.truncate(level as usize);
        if saved.pending {
            self.core.schedule_all_later();
        } else if !saved.standing_in {
            // Saved at the fixed point of the constraints the stand-ins replace, which need
            // not be theirs.
            self.core.resync_stand_ins();
        }
    }
}
