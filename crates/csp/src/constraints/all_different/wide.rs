//! The word-level path of [`AllDifferent`] over a value space of several blocks: forward
//! checking, pigeonhole and hidden singles with `once`/`twice` masks.

use fixedbitset::Block;

use super::{AllDifferent, Strength, Words};
use crate::context::Context;
use crate::domain::BITS;
use crate::error::Conflict;
use crate::rule::Rule;

/// Adds `part` to block `t` of the `once`/`twice` accumulators.
#[inline]
fn add(once: &mut [Block], twice: &mut [Block], t: usize, part: Block) {
    twice[t] |= once[t] & part;
    once[t] |= part;
}

/// Block `k` of a variable with shift `s`, read from a value-space mask.
#[inline]
fn extract(mask: &[Block], s: u32, k: usize) -> Block {
    let (q, r) = (s as usize / BITS, s as usize % BITS);
    let t = q + k;
    let lo = mask.get(t).copied().unwrap_or(0) >> r;
    let hi = if r == 0 { 0 } else { mask.get(t + 1).copied().unwrap_or(0) << (BITS - r) };
    lo | hi
}

impl AllDifferent {
    /// Forward checking from the fixed variable at `i`, multi-block layout.
    pub(super) fn fc_wide(&self, ctx: &mut Context<'_>, i: usize) -> Result<(), Conflict> {
        let w = self.words.as_ref().expect("word layout");
        let xi = self.vars[i];
        let Some(bit) = ctx.domain(xi).min_bit() else { return Ok(()) };
        let p = bit as u64 + u64::from(w.shifts[i]);
        let rule = Rule::ValueTaken { var: xi, value: ctx.value_of_bit(xi, bit) };
        for (j, (&xj, &sj)) in self.vars.iter().zip(&w.shifts).enumerate() {
            if j == i || p < u64::from(sj) {
                continue;
            }
            let b = (p - u64::from(sj)) as usize;
            let (wi, m) = (b / BITS, 1 << (b % BITS));
            if ctx.blocks(xj).get(wi).is_some_and(|&blk| blk & m != 0) {
                ctx.retain_block(xj, wi, !m, rule)?;
            }
        }
        Ok(())
    }

    /// [`propagate_words`](Self::propagate_words) over a value space of several blocks.
    pub(super) fn propagate_wide(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let mut w = self.words.take().expect("word layout");
        let r = self.wide(ctx, &mut w);
        self.words = Some(w);
        r
    }

    /// Fills `once`, `twice` (and `fixed`, if asked) over the value space. Returns the number of
    /// fixed variables and, if two are fixed to the same value, the second one.
    fn accumulate(&self, ctx: &Context<'_>, w: &mut Words, with_fixed: bool) -> (u32, Option<usize>) {
        let width = w.width;
        w.scratch.iter_mut().for_each(|b| *b = 0);
        let (once, rest) = w.scratch.split_at_mut(width);
        let (twice, fixed) = rest.split_at_mut(width);
        let mut fixed_count = 0;
        for (i, (&x, &s)) in self.vars.iter().zip(&w.shifts).enumerate() {
            let blocks = ctx.blocks(x);
            let (q, r) = (s as usize / BITS, s as usize % BITS);
            let mut size = 0;
            for (k, &b) in blocks.iter().enumerate() {
                if b == 0 {
                    continue;
                }
                size += b.count_ones();
                add(once, twice, q + k, b << r);
                if r != 0 && b >> (BITS - r) != 0 {
                    add(once, twice, q + k + 1, b >> (BITS - r));
                }
            }
            if with_fixed && size == 1 {
                let bit = blocks
                    .iter()
                    .enumerate()
                    .find(|(_, &b)| b != 0)
                    .map(|(k, b)| k * BITS + b.trailing_zeros() as usize);
                let p = bit.unwrap_or(0) + s as usize;
                if fixed[p / BITS] & (1 << (p % BITS)) != 0 {
                    return (fixed_count, Some(i));
                }
                fixed[p / BITS] |= 1 << (p % BITS);
                fixed_count += 1;
            }
        }
        (fixed_count, None)
    }

    fn wide(&mut self, ctx: &mut Context<'_>, w: &mut Words) -> Result<(), Conflict> {
        let width = w.width;
        let (fixed_count, clash) = self.accumulate(ctx, w, true);
        if let Some(i) = clash {
            // Two variables fixed to the same value: forward checking from the other one
            // empties this one.
            let xi = self.vars[i];
            for j in 0..self.vars.len() {
                if j != i && ctx.is_fixed(self.vars[j]) && ctx.value(self.vars[j]).is_some() {
                    let fx = self.vars[j];
                    let same = {
                        let pj = ctx.domain(fx).min_bit().unwrap_or(0) + w.shifts[j] as usize;
                        let pi = ctx.domain(xi).min_bit().unwrap_or(0) + w.shifts[i] as usize;
                        pi == pj
                    };
                    if same {
                        let value = ctx.value(fx).unwrap_or_default();
                        let words = ctx.blocks(xi).len();
                        for k in 0..words {
                            ctx.retain_block(xi, k, 0, Rule::ValueTaken { var: fx, value })?;
                        }
                    }
                }
            }
            return Err(ctx.fail(Rule::Other));
        }
        // Forward checking from scratch.
        let (_, rest) = w.scratch.split_at(width);
        let (twice, fixed) = rest.split_at(width);
        if fixed_count > 0 && fixed.iter().zip(twice).any(|(f, t)| f & t != 0) {
            for i in 0..self.vars.len() {
                let (x, s) = (self.vars[i], w.shifts[i]);
                if ctx.is_fixed(x) {
                    continue;
                }
                for k in 0..ctx.blocks(x).len() {
                    let taken = extract(&w.scratch[2 * width..], s, k) & ctx.blocks(x)[k];
                    if taken != 0 {
                        let p = k * BITS + taken.trailing_zeros() as usize + s as usize;
                        let rule = self.wide_taken_rule(ctx, w, p);
                        ctx.retain_block(x, k, !taken, rule)?;
                    }
                }
            }
            if self.strength == Strength::ForwardChecking {
                return Ok(());
            }
            self.accumulate(ctx, w, false);
        }
        if self.strength == Strength::ForwardChecking {
            return Ok(());
        }
        let n = self.vars.len() as u64;
        let values: u64 = w.scratch[..width].iter().map(|b| u64::from(b.count_ones())).sum();
        if values < n {
            return Err(ctx.fail(Rule::Pigeonhole));
        }
        if values == n && u64::from(fixed_count) < n {
            for t in 0..width {
                let (once, twice, fixed) = (w.scratch[t], w.scratch[width + t], w.scratch[2 * width + t]);
                let mut singles = once & !twice & !fixed;
                while singles != 0 {
                    let p = t * BITS + singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    for i in 0..self.vars.len() {
                        let (x, s) = (self.vars[i], w.shifts[i] as usize);
                        if p < s {
                            continue;
                        }
                        let b = p - s;
                        if ctx.blocks(x).get(b / BITS).is_some_and(|&blk| blk & (1 << (b % BITS)) != 0) {
                            let value = ctx.value_of_bit(x, b);
                            ctx.assign_bit(x, b, Rule::OnlyPlace { value })?;
                            break;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn wide_taken_rule(&self, ctx: &Context<'_>, w: &Words, p: usize) -> Rule {
        for (&x, &s) in self.vars.iter().zip(&w.shifts) {
            let s = s as usize;
            if p >= s && ctx.is_fixed(x) && ctx.domain(x).min_bit() == Some(p - s) {
                return Rule::ValueTaken { var: x, value: ctx.value_of_bit(x, p - s) };
            }
        }
        Rule::Other
    }
}
