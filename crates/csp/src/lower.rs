//! Lowering a model into an engine: the passes that turn the constraints as posted into the
//! propagators that run, chosen explicitly.
//!
//! A [`Model`] is declarative: variables, constraints as the modeller wrote them, an objective.
//! [`Model::lower`] builds the engine from it under a [`Lowering`]:
//!
//! * **locked values between overlapping all-different constraints**
//!   ([`Lowering::intersections`], [`Model::post_intersections`]);
//! * **the network** ([`Lowering::network`], [`Model::compile_all_different`]): every
//!   all-different constraint over small domains merged into one [`AllDifferentNetwork`] that
//!   stands in for them;
//! * **reasons** ([`Lowering::explaining`]): whether the constraints as posted always do their
//!   own pruning, so that every pruning names the constraint that justifies it, or whether the
//!   network stands in for them while nobody watches (the fast lowering; with an observer
//!   installed or tracing on, the network hands its work back, so that events and traces are
//!   still those of the model as posted).
//!
//! Solutions, counts and optima are the same under every lowering; nodes and speed differ.
//! [`Model::into_engine`] and [`Model::into_solver`] are the plain lowering
//! ([`Lowering::default`]); a [`Solver`](crate::Solver) searches over a lowered engine
//! ([`Solver::over`](crate::Solver::over)). The Sudoku front end
//! lowers with the network, the FlatZinc front end with the default.
//!
//! [`AllDifferentNetwork`]: crate::constraints::AllDifferentNetwork

use crate::constraints::NetworkLevel;
use crate::engine::Engine;
use crate::error::ModelError;
use crate::model::Model;

/// The passes that build an engine from a model ([`Model::lower`]).
///
/// # Example
///
/// ```
/// use csp::constraints::{AllDifferent, NetworkLevel};
/// use csp::lower::Lowering;
/// use csp::{Model, Solver};
///
/// // A Latin square of order 4: rows and columns all different.
/// let mut model = Model::new();
/// let x = model.new_vars(16, 1..=4)?;
/// for i in 0..4 {
///     model.post(AllDifferent::new((0..4).map(|j| x[4 * i + j]).collect::<Vec<_>>()))?;
///     model.post(AllDifferent::new((0..4).map(|j| x[4 * j + i]).collect::<Vec<_>>()))?;
/// }
/// let fast = model.clone().lower(&Lowering::new().network(NetworkLevel::HiddenSingles))?;
/// let explaining = model.lower(&Lowering::new().network(NetworkLevel::HiddenSingles).explaining())?;
/// assert!(!fast.is_explaining() && explaining.is_explaining());
/// let (mut fast, mut explaining) = (Solver::over(fast), Solver::over(explaining));
/// assert_eq!(fast.count_solutions(1000).count, 576);
/// assert_eq!(explaining.count_solutions(1000).count, 576);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lowering {
    network: Option<NetworkLevel>,
    intersections: bool,
    explaining: bool,
}

impl Lowering {
    /// The plain lowering: every constraint as posted, no network, no added reasoning.
    pub fn new() -> Lowering {
        Lowering::default()
    }

    /// Merges the all-different constraints into one network at `level`
    /// ([`Model::compile_all_different`]).
    #[must_use]
    pub fn network(mut self, level: NetworkLevel) -> Lowering {
        self.network = Some(level);
        self
    }

    /// Posts locked values between every two all-different constraints that share variables
    /// ([`Model::post_intersections`]), before the network is compiled.
    #[must_use]
    pub fn intersections(mut self, on: bool) -> Lowering {
        self.intersections = on;
        self
    }

    /// The explaining lowering: the constraints as posted always do their own pruning, and a
    /// network never stands in for them, so that every pruning has the reason of the
    /// constraint that justifies it, whether anybody watches or not.
    #[must_use]
    pub fn explaining(mut self) -> Lowering {
        self.explaining = true;
        self
    }

    /// The network level asked for, if any.
    pub fn network_level(&self) -> Option<NetworkLevel> {
        self.network
    }

    /// Whether locked values between all-different constraints are posted.
    pub fn has_intersections(&self) -> bool {
        self.intersections
    }

    /// Whether this is the explaining lowering.
    pub fn is_explaining(&self) -> bool {
        self.explaining
    }
}

impl Model {
    /// Builds an engine from the model under `lowering`.
    ///
    /// # Errors
    ///
    /// As [`Model::post`]: a pass whose constraint cannot be posted.
    pub fn lower(mut self, lowering: &Lowering) -> Result<Engine, ModelError> {
        if lowering.intersections {
            self.post_intersections()?;
        }
        if let Some(level) = lowering.network {
            self.compile_all_different(level)?;
        }
        let mut engine = Engine::new(self);
        engine.set_explaining(lowering.explaining);
        Ok(engine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::AllDifferent;
    use crate::search::Solver;

    /// Two overlapping rows of a 3-value all-different model.
    fn model() -> Model {
        let mut m = Model::new();
        let x = m.new_vars(5, 1..=3).unwrap();
        m.post(AllDifferent::new(x[..3].to_vec())).unwrap();
        m.post(AllDifferent::new(x[2..].to_vec())).unwrap();
        m
    }

    #[test]
    fn the_network_stands_in_only_under_the_fast_lowering() {
        let lowering = Lowering::new().network(NetworkLevel::HiddenSingles);
        let fast = Solver::over(model().lower(&lowering).unwrap());
        assert!(fast.is_standing_in() && !fast.is_explaining());
        let explaining = Solver::over(model().lower(&lowering.clone().explaining()).unwrap());
        assert!(!explaining.is_standing_in() && explaining.is_explaining());
        // A worker of a parallel search keeps the lowering.
        assert!(!explaining.fork().is_standing_in());
        assert!(fast.fork().is_standing_in());
    }

    #[test]
    fn every_lowering_finds_the_same_solutions() {
        let lowerings = [
            Lowering::new(),
            Lowering::new().intersections(true),
            Lowering::new().network(NetworkLevel::ForwardChecking),
            Lowering::new().intersections(true).network(NetworkLevel::LockedValues),
            Lowering::new().network(NetworkLevel::LockedValues).explaining(),
        ];
        for l in &lowerings {
            let mut s = Solver::over(model().lower(l).unwrap());
            // x2 is shared: 3 choices, then 2 orders on each side.
            assert_eq!(s.count_solutions(100).count, 12, "{l:?}");
        }
    }
}
