//! `/api/replay`: the engine's search on a puzzle, as its event stream (`csp::observe::Event`):
//! decisions, prunings and assignments with the constraint and rule behind them, wipe-outs,
//! failures, backtracks and solutions, for the page to play back on the board.
//!
//! Each event is a short array (cells by index, row by row; digits from 1):
//!
//! | event | array |
//! |---|---|
//! | decision `cell = digit` | `["d", depth, cell, digit]` |
//! | refutation `cell != digit` | `["r", depth, cell, digit]` |
//! | pruning | `["p", depth, cell, digit, reason]` |
//! | assignment | `["a", depth, cell, digit, reason]` |
//! | wipe-out | `["w", depth, cell, reason]` |
//! | failure | `["f", depth, reason]` |
//! | backtrack | `["b", depth]` |
//! | solution | `["s", depth]` |
//!
//! `reason` indexes `reasons`, the distinct reasons in words (`row3 value_taken`).
//!
//! The engine is the puzzle's model as posted (`sudoku::encode_puzzle`: one all-different per
//! unit, so that every pruning names its unit, as `RUST_LOG=csp::prune=trace` does), searched
//! in `sudoku::Solver`'s order.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use csp::observe::{Event, Reason};
use csp::VarId;
use serde_json::{json, Value};
use sudoku::{Limits, Strength};

use crate::error::ApiError;
use crate::input::PuzzleRequest;

/// The most events recorded by default, and at most.
const DEFAULT_EVENTS: usize = 20_000;
const MAX_EVENTS: usize = 200_000;

/// The name of a rule, as the `csp::prune` log writes it.
fn rule_name(rule: &csp::constraint::Rule) -> &'static str {
    match rule {
        csp::constraint::Rule::ValueTaken { .. } => "value_taken",
        csp::constraint::Rule::OnlyPlace { .. } => "only_place",
        csp::constraint::Rule::Pigeonhole => "pigeonhole",
        csp::constraint::Rule::HallSet => "hall_set",
        csp::constraint::Rule::Locked { .. } => "locked",
        csp::constraint::Rule::Bounds => "bounds",
        csp::constraint::Rule::NoSupport => "no_support",
        csp::constraint::Rule::Decision => "decision",
        csp::constraint::Rule::Refutation => "refutation",
        csp::constraint::Rule::External => "given",
        csp::constraint::Rule::Nogood => "nogood",
        _ => "other",
    }
}

/// What the observer collects.
#[derive(Default)]
struct Recording {
    events: Vec<Value>,
    reasons: Vec<String>,
    index: HashMap<String, usize>,
    counts: [u64; 8],
    truncated: bool,
}

impl Recording {
    fn reason(&mut self, labels: &[String], reason: &Reason<'_>) -> usize {
        let text = match reason.constraint.and_then(|c| labels.get(c.index())) {
            Some(by) => format!("{by} {}", rule_name(&reason.rule)),
            None => rule_name(&reason.rule).to_string(),
        };
        let next = self.reasons.len();
        *self.index.entry(text.clone()).or_insert_with(|| {
            self.reasons.push(text);
            next
        })
    }
}

fn var(v: VarId) -> usize {
    v.index()
}

/// Replays the engine's search on the request's puzzle (its givens, or the board's digits).
pub fn replay(request: &PuzzleRequest, limits: Limits) -> Result<Value, ApiError> {
    let puzzle = request.read()?.puzzle;
    let max = request.max_events.unwrap_or(DEFAULT_EVENTS).clamp(1, MAX_EVENTS);
    let model = sudoku::encode_puzzle(&puzzle, Strength::HiddenSingles)
        .map_err(|e| ApiError::internal(&format!("the puzzle's model: {e}")))?;
    let labels: Vec<String> = (0..model.num_constraints())
        .map(|k| model.constraint_label(csp::constraint::ConstraintId::from_index(k)))
        .collect();
    let mut engine = model.into_solver();
    // The search order of `sudoku::Solver`: fewest candidates, ties to the most empty peers.
    engine.set_var_order(csp::branching::VarOrder::Mrv(csp::branching::TieBreak::MostUnfixedPeers));
    engine.set_value_order(csp::branching::ValueOrder::Ascending);
    let recording = Arc::new(Mutex::new(Recording::default()));
    // The request's cancel flag when the pool gives up; this one when the events fill up.
    let stop = limits.cancel.clone().unwrap_or_default();
    engine.set_limits(Limits { timeout: limits.timeout, max_nodes: Some(1_000_000), cancel: Some(stop.clone()) });
    {
        let recording = recording.clone();
        let stop = stop.clone();
        engine.set_observer(Some(Box::new(move |event: &Event<'_>| {
            let Ok(mut r) = recording.lock() else { return };
            if r.events.len() >= max {
                r.truncated = true;
                stop.store(true, Ordering::Relaxed);
                return;
            }
            let e = match *event {
                Event::Decision { depth, var: v, value } => {
                    r.counts[0] += 1;
                    json!(["d", depth, var(v), value])
                }
                Event::Refutation { depth, var: v, value } => {
                    r.counts[1] += 1;
                    json!(["r", depth, var(v), value])
                }
                Event::Prune { depth, var: v, value, reason } => {
                    r.counts[2] += 1;
                    let k = r.reason(&labels, &reason);
                    json!(["p", depth, var(v), value, k])
                }
                Event::Assign { depth, var: v, value, reason } => {
                    r.counts[3] += 1;
                    let k = r.reason(&labels, &reason);
                    json!(["a", depth, var(v), value, k])
                }
                Event::WipeOut { depth, var: v, reason } => {
                    r.counts[4] += 1;
                    let k = r.reason(&labels, &reason);
                    json!(["w", depth, var(v), k])
                }
                Event::Fail { depth, reason, .. } => {
                    r.counts[5] += 1;
                    let k = r.reason(&labels, &reason);
                    json!(["f", depth, k])
                }
                Event::Backtrack { depth } => {
                    r.counts[6] += 1;
                    json!(["b", depth])
                }
                Event::Solution { depth } => {
                    r.counts[7] += 1;
                    json!(["s", depth])
                }
                _ => return,
            };
            r.events.push(e);
        })));
    }
    let grid = puzzle.grid();
    let givens =
        grid.digits().iter().enumerate().filter(|(_, &d)| d != 0).map(|(i, &d)| (VarId::from_index(i), i32::from(d)));
    let outcome = match engine.assign_all(givens) {
        Err(_) => "unsolvable",
        Ok(()) => match engine.solve() {
            csp::Outcome::Solved(_) => "solved",
            csp::Outcome::Unsatisfiable => "unsolvable",
            csp::Outcome::LimitReached(_) => "stopped",
        },
    };
    engine.set_observer(None);
    let stats = engine.stats().clone();
    let r = std::mem::take(&mut *recording.lock().map_err(|_| ApiError::internal("the recording failed"))?);
    let names =
        ["decisions", "refutations", "prunings", "assignments", "wipeouts", "failures", "backtracks", "solutions"];
    let counts: serde_json::Map<String, Value> =
        names.iter().zip(r.counts).map(|(n, c)| (n.to_string(), json!(c))).collect();
    Ok(json!({
        "outcome": if r.truncated { "truncated" } else { outcome },
        "events": r.events,
        "reasons": r.reasons,
        "counts": counts,
        "truncated": r.truncated,
        "nodes": stats.nodes,
        "givens": grid.to_line(),
    }))
}
