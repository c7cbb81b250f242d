// Scratch generator (not committed).
use sudoku::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

const LABELS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

fn random_solution(p: &Puzzle, seed: u64) -> Option<Grid> {
    let mut s = VariantSolver::with_strength(Strength::Gac);
    s.set_value_order(ValueOrder::Random);
    s.set_var_order(VarOrder::Mrv(TieBreak::Random));
    s.set_seed(seed);
    s.set_limits(Limits { max_nodes: Some(200_000), ..Limits::default() });
    s.solve(p).solution().cloned()
}

fn with_grid(p: &Puzzle, g: Grid) -> Puzzle {
    match p.variant() {
        Variant::X => Puzzle::x(g),
        Variant::Jigsaw => Puzzle::jigsaw(g, p.regions().unwrap().clone()).unwrap(),
        Variant::Killer => Puzzle::killer(g, p.cages().unwrap().clone()).unwrap(),
        _ => Puzzle::plain(g),
    }
}

fn minimize(p: &Puzzle, sol: &Grid, rng: &mut Rng) -> Grid {
    let mut g = sol.clone();
    let mut s = VariantSolver::with_strength(Strength::Gac);
    let mut order: Vec<Cell> = g.shape().cells().collect();
    rng.shuffle(&mut order);
    for c in order {
        let d = g.get(c);
        g.set(c, None);
        if !s.is_unique(&with_grid(p, g.clone())) {
            g.set(c, d);
        }
    }
    g
}

fn jigsaw_layout(shape: Shape, rng: &mut Rng, swaps: usize) -> Vec<usize> {
    let n = shape.size();
    let mut reg: Vec<usize> = shape.cells().map(|c| shape.box_index(c)).collect();
    let connected = |reg: &Vec<usize>, r: usize| -> bool {
        let cells: Vec<usize> = (0..n * n).filter(|&i| reg[i] == r).collect();
        let mut seen = vec![false; n * n];
        let mut st = vec![cells[0]];
        seen[cells[0]] = true;
        let mut cnt = 1;
        while let Some(i) = st.pop() {
            let (y, x) = (i / n, i % n);
            let mut nb = vec![];
            if y > 0 {
                nb.push(i - n)
            }
            if y + 1 < n {
                nb.push(i + n)
            }
            if x > 0 {
                nb.push(i - 1)
            }
            if x + 1 < n {
                nb.push(i + 1)
            }
            for j in nb {
                if !seen[j] && reg[j] == r {
                    seen[j] = true;
                    cnt += 1;
                    st.push(j);
                }
            }
        }
        cnt == cells.len()
    };
    let mut done = 0;
    while done < swaps {
        let a = rng.below(n * n);
        let b = rng.below(n * n);
        let (ra, rb) = (reg[a], reg[b]);
        if ra == rb {
            continue;
        }
        // a must touch region rb, b must touch ra
        let touches = |i: usize, r: usize, reg: &Vec<usize>| {
            let (y, x) = (i / n, i % n);
            (y > 0 && reg[i - n] == r)
                || (y + 1 < n && reg[i + n] == r)
                || (x > 0 && reg[i - 1] == r)
                || (x + 1 < n && reg[i + 1] == r)
        };
        if !touches(a, rb, &reg) || !touches(b, ra, &reg) {
            continue;
        }
        let mut r2 = reg.clone();
        r2[a] = rb;
        r2[b] = ra;
        if connected(&r2, ra) && connected(&r2, rb) {
            reg = r2;
            done += 1;
        }
    }
    reg
}

fn map_text(n: usize, lab: &[Option<usize>]) -> String {
    let mut order: Vec<usize> = vec![];
    for l in lab.iter().flatten() {
        if !order.contains(l) {
            order.push(*l)
        }
    }
    let name = |l: usize| LABELS[order.iter().position(|&o| o == l).unwrap()] as char;
    let mut s = String::new();
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| lab[r * n + c].map_or('.', name).to_string()).collect();
        s += &row.join(" ");
        s.push('\n');
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args[1].as_str();
    let size: usize = args[2].parse().unwrap();
    let seed: u64 = args[3].parse().unwrap();
    let shape = Shape::from_size(size).unwrap();
    let mut rng = Rng(seed * 2654435761 + 1);
    match kind {
        "x" => {
            let p = Puzzle::x(Grid::empty(shape));
            let sol = random_solution(&p, seed).unwrap();
            let g = minimize(&p, &sol, &mut rng);
            println!("# solution: {}\n{}", sol.to_line(), g);
            eprintln!("givens {}", g.num_filled());
        }
        "jigsaw" => {
            for attempt in 0.. {
                let reg = jigsaw_layout(shape, &mut rng, size * size);
                let lab: Vec<Option<usize>> = reg.iter().map(|&r| Some(r)).collect();
                let text = map_text(size, &lab);
                let p = Puzzle::parse(Variant::Jigsaw, &text).unwrap();
                let Some(sol) = random_solution(&p, seed + attempt) else {
                    eprintln!("no solution for layout");
                    continue;
                };
                let g = minimize(&p, &sol, &mut rng);
                let full = with_grid(&p, g.clone());
                println!("# solution: {}\n{}", sol.to_line(), full);
                eprintln!("givens {}", g.num_filled());
                break;
            }
        }
        "killer" => {
            let maxsize: usize = args.get(4).map_or(4, |s| s.parse().unwrap());
            let plain = Puzzle::plain(Grid::empty(shape));
            let sol = random_solution(&plain, seed).unwrap();
            for attempt in 0..2000 {
                let n = size;
                let mut lab: Vec<Option<usize>> = vec![None; n * n];
                let mut order: Vec<usize> = (0..n * n).collect();
                rng.shuffle(&mut order);
                let mut k = 0;
                for &st in &order {
                    if lab[st].is_some() {
                        continue;
                    }
                    let want = 1 + rng.below(maxsize);
                    let mut cage = vec![st];
                    lab[st] = Some(k);
                    let mut digits = vec![sol.digits()[st]];
                    while cage.len() < want {
                        let mut fr = vec![];
                        for &c in &cage {
                            let (y, x) = (c / n, c % n);
                            for (yy, xx) in [(y.wrapping_sub(1), x), (y + 1, x), (y, x.wrapping_sub(1)), (y, x + 1)] {
                                if yy < n
                                    && xx < n
                                    && lab[yy * n + xx].is_none()
                                    && !digits.contains(&sol.digits()[yy * n + xx])
                                {
                                    fr.push(yy * n + xx)
                                }
                            }
                        }
                        if fr.is_empty() {
                            break;
                        }
                        let c = fr[rng.below(fr.len())];
                        lab[c] = Some(k);
                        cage.push(c);
                        digits.push(sol.digits()[c]);
                    }
                    k += 1;
                }
                let mut text = map_text(n, &lab);
                let mut order2: Vec<usize> = vec![];
                for l in lab.iter().flatten() {
                    if !order2.contains(l) {
                        order2.push(*l)
                    }
                }
                if order2.len() > LABELS.len() {
                    continue;
                }
                for (j, &l) in order2.iter().enumerate() {
                    let s: u32 = (0..n * n).filter(|&i| lab[i] == Some(l)).map(|i| u32::from(sol.digits()[i])).sum();
                    text += &format!("{} {}\n", LABELS[j] as char, s);
                }
                let p = Puzzle::parse(Variant::Killer, &text).unwrap();
                let mut s = VariantSolver::with_strength(Strength::Gac);
                s.set_limits(Limits { max_nodes: Some(100_000), ..Limits::default() });
                if args.get(5).is_some() {
                    // Partial: drop every third cage, then add givens until unique.
                    let lines: Vec<&str> = text.lines().collect();
                    let mut map: Vec<String> = lines[..n].iter().map(|l| l.to_string()).collect();
                    let mut sums = vec![];
                    for (j, l) in lines[n..].iter().enumerate() {
                        let lab = l.chars().next().unwrap();
                        if j % 3 == 2 {
                            for m in map.iter_mut() {
                                *m = m.replace(lab, ".");
                            }
                        } else {
                            sums.push(l.to_string());
                        }
                    }
                    let t2 = format!("{}\n{}\n", map.join("\n"), sums.join("\n"));
                    let p2 = Puzzle::parse(Variant::Killer, &t2).unwrap();
                    let g = minimize(&p2, &sol, &mut rng);
                    let full = with_grid(&p2, g.clone());
                    println!("# solution: {}\n{}", sol.to_line(), full);
                    eprintln!("givens {}", g.num_filled());
                    return;
                }
                match s.solve_unique(&p) {
                    Uniqueness::Unique(g) => {
                        assert_eq!(g, sol);
                        println!("# solution: {}\n{}", sol.to_line(), text);
                        eprintln!("attempt {attempt} cages {} nodes {}", order2.len(), s.stats().nodes);
                        return;
                    }
                    _ => {}
                }
            }
            eprintln!("none");
        }
        _ => panic!(),
    }
}
