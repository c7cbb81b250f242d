//! Random jigsaw regions: the boxes, deformed by random swaps of neighbouring cells that keep
//! every region connected.

use crate::grid::{Cell, Shape};
use crate::regions::Regions;

use csp::branching::Rng;

/// Random regions for a jigsaw of `shape`: `shape.size()` connected regions of `shape.size()`
/// cells.
///
/// Starts from the boxes and repeats a random exchange: a cell next to another region moves
/// into it, and a cell of that region next to the first region moves the other way, kept
/// when both regions stay connected; until `2 * cells` exchanges are made (or `40 * cells`
/// were tried). Sizes never change, so every state is a valid map.
pub(crate) fn random_regions(shape: Shape, rng: &mut Rng) -> Regions {
    let n = shape.size();
    let cells = shape.num_cells();
    let mut region: Vec<u8> = shape.cells().map(|c| shape.box_index(c) as u8).collect();
    let mut stack = Vec::with_capacity(cells);
    let mut seen = vec![false; cells];
    let mut candidates = Vec::with_capacity(cells);
    let (mut swaps, mut tries) = (0, 0);
    while swaps < 2 * cells && tries < 40 * cells {
        tries += 1;
        let a = rng.index(cells);
        let (r, c) = (a / n, a % n);
        let b = match rng.index(4) {
            0 if r > 0 => a - n,
            1 if r + 1 < n => a + n,
            2 if c > 0 => a - 1,
            3 if c + 1 < n => a + 1,
            _ => continue,
        };
        let (from, to) = (region[a], region[b]);
        if from == to {
            continue;
        }
        // `a` joins `b`'s region; a cell of that region next to `a`'s old one leaves for it.
        region[a] = to;
        candidates.clear();
        candidates.extend((0..cells).filter(|&c| c != a && region[c] == to && touches(n, &region, c, from)));
        if candidates.is_empty() {
            region[a] = from;
            continue;
        }
        let c = candidates[rng.index(candidates.len())];
        region[c] = from;
        if connected(n, &region, from, &mut seen, &mut stack) && connected(n, &region, to, &mut seen, &mut stack) {
            swaps += 1;
        } else {
            region[a] = from;
            region[c] = to;
        }
    }
    let text = map_text(shape, &region);
    match Regions::parse(&text) {
        Ok(regions) => regions,
        // Not reachable: swaps keep every region at n cells and connected, which is all
        // `Regions::parse` checks.
        Err(e) => unreachable!("random regions are always a valid map: {e}\n{text}"),
    }
}

/// Whether cell `i` has an edge neighbour in region `k`.
fn touches(n: usize, region: &[u8], i: usize, k: u8) -> bool {
    let (r, c) = (i / n, i % n);
    (r > 0 && region[i - n] == k)
        || (r + 1 < n && region[i + n] == k)
        || (c > 0 && region[i - 1] == k)
        || (c + 1 < n && region[i + 1] == k)
}

/// Whether the cells of region `k` are connected through shared edges.
fn connected(n: usize, region: &[u8], k: u8, seen: &mut [bool], stack: &mut Vec<usize>) -> bool {
    seen.iter_mut().for_each(|s| *s = false);
    let Some(first) = region.iter().position(|&x| x == k) else { return true };
    stack.clear();
    stack.push(first);
    seen[first] = true;
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        let (r, c) = (i / n, i % n);
        let neighbours = [
            (r > 0).then(|| i - n),
            (r + 1 < n).then_some(i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then_some(i + 1),
        ];
        for j in neighbours.into_iter().flatten() {
            if !seen[j] && region[j] == k {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == n
}

/// The map in the jigsaw format: labels `a`, `b`, ... in order of first appearance.
fn map_text(shape: Shape, region: &[u8]) -> String {
    let n = shape.size();
    let mut label = vec![None; n];
    let mut next = b'a';
    let mut text = String::with_capacity(region.len() * 2);
    for r in 0..n {
        for c in 0..n {
            let k = usize::from(region[shape.index(Cell::new(r, c))]);
            let l = *label[k].get_or_insert_with(|| {
                let l = char::from(next);
                next += 1;
                l
            });
            if c > 0 {
                text.push(' ');
            }
            text.push(l);
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_regions_are_valid_and_differ_from_the_boxes() {
        for shape in [Shape::SIZE_4, Shape::SIZE_6, Shape::SIZE_9, Shape::SIZE_12, Shape::SIZE_16] {
            let mut rng = Rng::new(7);
            let regions = random_regions(shape, &mut rng);
            assert_eq!(regions.len(), shape.size());
            let boxes = shape.cells().all(|c| {
                shape.cells().all(|d| {
                    (shape.box_index(c) == shape.box_index(d)) == (regions.region_of(c) == regions.region_of(d))
                })
            });
            assert!(!boxes, "{shape}: still the boxes\n{regions}");
            // The same seed gives the same map.
            assert_eq!(random_regions(shape, &mut Rng::new(7)), regions);
        }
    }
}
