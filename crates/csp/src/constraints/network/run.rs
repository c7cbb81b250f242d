//! One run of an [`AllDifferentNetwork`](super::AllDifferentNetwork): the network's view brought
//! in step with the domains, then its fixed point (forward checking, hidden singles, locked
//! values), in loops specialised for the network's size and level.

use fixedbitset::Block;

use super::{Fail, Scratch, Small, Tables, NOT_SMALL};

/// [`NetworkLevel`](super::NetworkLevel)s as const parameters of a [`Run`].
pub(super) const FC: u8 = 0;
pub(super) const HIDDEN: u8 = 1;
pub(super) const LOCKED: u8 = 2;
/// [`LOCKED`], but locked values are looked for only at the fixed point of forward checking
/// and singles: the runs from the engine, where most of an easy puzzle is solved by singles
/// alone (a search on the board looks at once, to fail sooner).
pub(super) const LOCKED_LATER: u8 = 3;

/// One run's view: the network's tables, its state blocks by part, and its scratch. `W` and
/// `GW` are the blocks per set of variables and of groups when known at compile time (the
/// common small networks get loops the compiler unrolls), 0 when read from the network; `L`
/// is the level ([`FC`], [`HIDDEN`] or [`LOCKED`]).
pub(super) struct Run<'a, const W: usize, const GW: usize, const L: u8> {
    net: &'a Tables,
    /// The fixed-size tables when the network is small (`W` is 1 or 2 and `GW` is 1).
    sm: &'a Small,
    /// The network's copy of each variable's domain, in the value space.
    mirror: &'a mut [Block],
    /// `P[v]`, `words` blocks per value.
    dual: &'a mut [Block],
    absent: &'a mut [Block],
    tight: &'a mut [Block],
    /// Per value, `group_words` blocks: the groups where a variable fixed to it was
    /// forward-checked.
    placed: &'a mut [Block],
    s: &'a mut Scratch,
}

impl<'a, const W: usize, const GW: usize, const L: u8> Run<'a, W, GW, L> {
    /// Whether the run looks for hidden singles and pigeonhole failures.
    const COUNTING: bool = L >= HIDDEN;
    /// Whether the run looks for locked values.
    const LOCKING: bool = L >= LOCKED;
    /// Whether locked values wait until singles are done.
    const DEFER: bool = L == LOCKED_LATER;
    /// Whether the fixed-size tables apply.
    const SMALL: bool = W != 0 && W <= 2 && GW == 1;

    pub(super) fn new(net: &'a Tables, st: &'a mut [Block], s: &'a mut Scratch) -> Self {
        let l = net.layout;
        let (mirror, st) = st.split_at_mut(l.dual);
        let (dual, st) = st.split_at_mut(l.absent - l.dual);
        let (absent, st) = st.split_at_mut(l.tight - l.absent);
        let (tight, placed) = st.split_at_mut(l.placed - l.tight);
        debug_assert!((W == 0 || W == net.words) && (GW == 0 || GW == net.group_words));
        debug_assert!(L.min(LOCKED) == net.level as u8);
        let sm =
            if Self::SMALL { net.small.as_deref().expect("a small network has its small tables") } else { &NOT_SMALL };
        Run { net, sm, mirror, dual, absent, tight, placed, s }
    }

    /// Blocks per set of variables.
    #[inline(always)]
    fn w(&self) -> usize {
        if W == 0 {
            self.net.words
        } else {
            W
        }
    }

    /// Blocks per set of groups.
    #[inline(always)]
    fn gw(&self) -> usize {
        if GW == 0 {
            self.net.group_words
        } else {
            GW
        }
    }

    /// Value `v` leaves local `j` (the caller cleared its dual bit and marked `j` touched): the
    /// network's copy of the domain, and the fixing and wipe-out tests.
    #[inline(always)]
    fn lose(&mut self, j: usize, v: usize) -> Result<(), Fail> {
        let d = self.mirror[j] & !(1 << v);
        self.mirror[j] = d;
        self.s.removed += 1;
        if d & d.wrapping_sub(1) == 0 {
            if d == 0 {
                return Err(Fail::WipeOut(j as u32));
            }
            self.s.fixed.push(j as u32);
        }
        Ok(())
    }

    /// Marks the groups of local `j` dirty for value `v`.
    #[inline(always)]
    fn mark(&mut self, j: usize, v: usize) {
        if Self::SMALL {
            self.s.dirty[v] |= self.sm.groups_of[j & 127];
        } else {
            let gw = self.gw();
            for u in 0..gw {
                self.s.dirty[v * gw + u] |= self.net.groups_of[j * gw + u];
            }
        }
        self.s.dirty_values |= 1 << v;
    }

    /// Forward checking of local `i`, fixed in the network's view: its value leaves its peers.
    /// The groups of `i` are not marked: the value has its place there, at `i`.
    fn fix(&mut self, i: usize) -> Result<(), Fail> {
        if Self::SMALL {
            return self.fix_small(i);
        }
        let (w, gw) = (self.w(), self.gw());
        let net = self.net;
        let Run { mirror, dual, placed, s, .. } = self;
        let v = mirror[i].trailing_zeros() as usize;
        let bit: Block = 1 << v;
        for u in 0..gw {
            placed[v * gw + u] |= net.groups_of[i * gw + u];
        }
        let places = &mut dual[v * w..(v + 1) * w];
        let peers = &net.peers[i * w..(i + 1) * w];
        let touched = &mut s.touched[..w];
        // The groups of the variables that lost `v`, gathered in a register when they fit one.
        let mut groups: Block = 0;
        let mut removed = 0;
        for t in 0..w {
            let mut lose = places[t] & peers[t];
            if lose == 0 {
                continue;
            }
            places[t] ^= lose;
            touched[t] |= lose;
            while lose != 0 {
                let j = t * 64 + lose.trailing_zeros() as usize;
                lose &= lose - 1;
                let d = mirror[j] & !bit;
                mirror[j] = d;
                removed += 1;
                if d & d.wrapping_sub(1) == 0 {
                    if d == 0 {
                        return Err(Fail::WipeOut(j as u32));
                    }
                    s.fixed.push(j as u32);
                }
                if Self::COUNTING {
                    if gw == 1 {
                        groups |= net.groups_of[j];
                    } else {
                        let theirs = &net.groups_of[j * gw..(j + 1) * gw];
                        let mine = &net.groups_of[i * gw..(i + 1) * gw];
                        for u in 0..gw {
                            s.dirty[v * gw + u] |= theirs[u] & !mine[u];
                        }
                        s.dirty_values |= bit;
                    }
                }
            }
        }
        s.removed += removed;
        if Self::COUNTING && gw == 1 {
            let groups = groups & !net.groups_of[i];
            if groups != 0 {
                s.dirty[v] |= groups;
                s.dirty_values |= bit;
            }
        }
        Ok(())
    }

    /// The network's copy of the domains at its fixed size in a small network, whose state
    /// pads it to 128 blocks: locals masked into range need no bounds checks.
    #[inline(always)]
    fn padded(mirror: &mut [Block]) -> &mut [Block; 128] {
        mirror.try_into().expect("a small network's copy of the domains has 128 blocks")
    }

    /// [`fix`](Self::fix) for small networks: the groups of the variables that lose the value,
    /// and those of them left with one value or none, gathered in registers.
    #[inline(always)]
    fn fix_small(&mut self, i: usize) -> Result<(), Fail> {
        let sm = self.sm;
        let Run { mirror, dual, placed, s, .. } = self;
        let mirror = Self::padded(mirror);
        let v = mirror[i & 127].trailing_zeros() as usize & 63;
        let bit: Block = 1 << v;
        placed[v] |= sm.groups_of[i & 127];
        let peers = &sm.peers[i & 127];
        let mut groups: Block = 0;
        let mut removed = 0;
        for t in 0..W {
            let l = dual[v * W + t] & peers[t];
            dual[v * W + t] ^= l;
            s.touched[t] |= l;
            let mut bits = l;
            // The variables left with one value or none, without a branch per variable.
            let mut fixed: Block = 0;
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let j = (t * 64 + b as usize) & 127;
                let d = mirror[j] & !bit;
                mirror[j] = d;
                removed += 1;
                fixed |= Block::from(d & d.wrapping_sub(1) == 0) << b;
                if Self::COUNTING {
                    groups |= sm.groups_of[j & 127];
                }
            }
            // In order, the first left with none fails.
            while fixed != 0 {
                let j = (t * 64 + fixed.trailing_zeros() as usize) & 127;
                fixed &= fixed - 1;
                if mirror[j] == 0 {
                    return Err(Fail::WipeOut(j as u32));
                }
                s.fixed.push(j as u32);
            }
        }
        s.removed += removed;
        if Self::COUNTING {
            let groups = groups & !sm.groups_of[i & 127];
            if groups != 0 {
                s.dirty[v] |= groups;
                s.dirty_values |= bit;
            }
        }
        Ok(())
    }

    /// Local `j` takes value `v` (a hidden single): its other values leave it.
    fn place(&mut self, j: usize, v: usize) {
        let w = self.w();
        let d = if Self::SMALL { &mut Self::padded(self.mirror)[j & 127] } else { &mut self.mirror[j] };
        let mut others = *d & !(1 << v);
        *d = 1 << v;
        self.s.touched[j / 64] |= 1 << (j % 64);
        self.s.fixed.push(j as u32);
        while others != 0 {
            let u = others.trailing_zeros() as usize;
            others &= others - 1;
            self.s.removed += 1;
            self.dual[u * w + j / 64] &= !(1 << (j % 64));
            self.mark(j, u);
        }
    }

    /// Examines value `v` in group `g`, where it lost places: no place left (pigeonhole when
    /// the group is value-tight, else one value fewer for it), one place (a hidden single), or
    /// all its places inside other groups (locked: it leaves the rest of those groups). Hidden
    /// singles and locked values only in a value-tight group.
    ///
    /// The places are walked once, and the walk stops as soon as the outcome is known: at the
    /// first place in a group that is not value-tight, at the second without locked values, and
    /// at the first place that no other group shares with all the earlier ones.
    ///
    /// With [`LOCKED_LATER`], a group with several places is only marked for locked values
    /// unless `lock` (the run's singles are done), when it is walked as with [`LOCKED`].
    fn check(&mut self, g: usize, v: usize, lock: bool) -> Result<(), Fail> {
        let net = self.net;
        let (w, gw) = (self.w(), self.gw());
        let tight = self.tight[g / 64] & 1 << (g % 64) != 0;
        let locking = tight && Self::LOCKING;
        let places = &self.dual[v * w..(v + 1) * w];
        let mask = &net.masks[g * w..(g + 1) * w];
        // The groups holding every place seen so far (without `g`), for locked values.
        let mut small: [Block; 2] = [0; 2];
        let common: &mut [Block] = if GW != 0 && GW <= 2 { &mut small[..GW] } else { &mut self.s.common };
        let (gu, gbit) = (g / 64, 1 << (g % 64));
        let mut count = 0;
        let mut first = 0;
        for t in 0..w {
            let mut p = places[t] & mask[t];
            while p != 0 {
                let j = t * 64 + p.trailing_zeros() as usize;
                p &= p - 1;
                count += 1;
                let theirs = &net.groups_of[j * gw..(j + 1) * gw];
                if count == 1 {
                    if !tight {
                        return Ok(());
                    }
                    first = j;
                    common.copy_from_slice(theirs);
                    common[gu] &= !gbit;
                } else {
                    if !locking {
                        return Ok(());
                    }
                    if !lock && Self::DEFER {
                        // Several places: examined for locked values once singles are done.
                        self.s.lock_dirty[v * gw + gu] |= gbit;
                        self.s.lock_values |= 1 << v;
                        return Ok(());
                    }
                    let mut left = 0;
                    for (c, &h) in common.iter_mut().zip(theirs) {
                        *c &= h;
                        left |= *c;
                    }
                    if left == 0 {
                        return Ok(());
                    }
                }
            }
        }
        match count {
            0 => self.value_gone(g, v),
            1 => {
                // A hidden single, unless the place is the variable fixed to `v`.
                if self.mirror[first] != 1 << v {
                    self.place(first, v);
                }
                Ok(())
            }
            _ => {
                if GW != 0 && GW <= 2 {
                    for (u, &word) in small[..GW].iter().enumerate() {
                        self.lock_out(g, v, u, word)?;
                    }
                } else {
                    for u in 0..gw {
                        let word = self.s.common[u];
                        self.lock_out(g, v, u, word)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// [`check`](Self::check) of value `v` in every group of `gs`, for networks of at most
    /// 128 variables and 64 groups: the places of `v` stay in registers from one group to
    /// the next (read again only after locked values removed some).
    fn check_all(&mut self, v: usize, mut gs: Block) -> Result<(), Fail> {
        debug_assert!(Self::SMALL);
        let sm = self.sm;
        let v = v & 63;
        let mut pv = self.places(v);
        // The value-tight groups, read again when a group lost its last place of the value.
        let mut tight = self.tight[0];
        // The groups to examine for locked values.
        let mut later: Block = 0;
        while gs != 0 {
            let g = gs.trailing_zeros() as usize & 63;
            gs &= gs - 1;
            let mask = &sm.masks[g];
            let p = [pv[0] & mask[0], pv[1] & mask[1]];
            let any = p[0] | p[1];
            if any == 0 {
                self.value_gone(g, v)?;
                tight = self.tight[0];
                continue;
            }
            if tight & 1 << g == 0 {
                continue;
            }
            if !Self::several(p) {
                // A hidden single, unless the place is the variable fixed to `v`.
                let t = usize::from(p[0] == 0);
                let first = (64 * t + p[t].trailing_zeros() as usize) & 127;
                if Self::padded(self.mirror)[first] != 1 << v {
                    self.place(first, v);
                }
                continue;
            }
            if !Self::LOCKING {
                continue;
            }
            if Self::DEFER {
                // Several places: examined for locked values once singles are done.
                later |= 1 << g;
                continue;
            }
            let common = self.common_groups(g, p);
            if common != 0 {
                self.lock_out(g, v, 0, common)?;
                pv = self.places(v);
                tight = self.tight[0];
            }
        }
        if later != 0 {
            self.s.lock_dirty[v] |= later;
            self.s.lock_values |= 1 << v;
        }
        Ok(())
    }

    /// The places of value `v` (small networks), to keep in registers.
    #[inline(always)]
    fn places(&self, v: usize) -> [Block; 2] {
        let mut pv: [Block; 2] = [0; 2];
        pv[..W].copy_from_slice(&self.dual[v * W..(v + 1) * W]);
        pv
    }

    /// Whether the places `p` are two or more: two in one word, or one in each (no branch on
    /// which).
    #[inline(always)]
    fn several(p: [Block; 2]) -> bool {
        let any = p[0] | p[1];
        any & any.wrapping_sub(1) | Block::from(p[0] != 0) & Block::from(p[1] != 0) != 0
    }

    /// Locked values of `v` in every group of `gs` (value-tight groups where it had several
    /// places), for networks of at most 128 variables and 64 groups. A group left with one
    /// place or none is skipped: the removal that did it marked the group for
    /// [`check_all`](Self::check_all), which runs first.
    fn lock_all(&mut self, v: usize, mut gs: Block) -> Result<(), Fail> {
        debug_assert!(Self::SMALL && Self::LOCKING);
        let v = v & 63;
        let mut pv = self.places(v);
        while gs != 0 {
            let g = gs.trailing_zeros() as usize & 63;
            gs &= gs - 1;
            let mask = &self.sm.masks[g];
            let p = [pv[0] & mask[0], pv[1] & mask[1]];
            if !Self::several(p) {
                continue;
            }
            let common = self.common_groups(g, p);
            if common != 0 {
                self.lock_out(g, v, 0, common)?;
                pv = self.places(v);
            }
        }
        Ok(())
    }

    /// The groups but `g` that hold every place `p` of a value in `g` (locked values when
    /// not empty), for networks of at most 128 variables and 64 groups. The walk stops at the
    /// first place that shares no group with the earlier ones.
    #[inline(always)]
    fn common_groups(&self, g: usize, p: [Block; 2]) -> Block {
        let sm = self.sm;
        let mut common: Block = !(1 << g);
        for (t, &word) in p[..W].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let j = t * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                common &= sm.groups_of[j & 127];
                if common == 0 {
                    return 0;
                }
            }
        }
        common
    }

    /// Value `v`, whose places in group `g` all lie in the groups `64 * u + b` for the bits `b`
    /// of `word`, leaves the rest of those groups.
    fn lock_out(&mut self, g: usize, v: usize, u: usize, mut word: Block) -> Result<(), Fail> {
        let net = self.net;
        let w = self.w();
        while word != 0 {
            let h = u * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            for t in 0..w {
                let d = self.dual[v * w + t];
                let mut lose = d & net.masks[h * w + t] & !net.masks[g * w + t];
                if lose == 0 {
                    continue;
                }
                self.dual[v * w + t] = d & !lose;
                self.s.touched[t] |= lose;
                while lose != 0 {
                    let j = t * 64 + lose.trailing_zeros() as usize;
                    lose &= lose - 1;
                    self.lose(j, v)?;
                    self.mark(j, v);
                }
            }
        }
        Ok(())
    }

    /// Value `v` has no place left in group `g`: if it is newly so, one value fewer for the
    /// group. Fewer values than variables fail; exactly as many makes the group value-tight,
    /// and then every value of it is examined.
    #[cold]
    #[inline(never)]
    fn value_gone(&mut self, g: usize, v: usize) -> Result<(), Fail> {
        if self.absent[g] & 1 << v != 0 {
            return Ok(());
        }
        self.absent[g] |= 1 << v;
        self.settle(g)
    }

    /// Pigeonhole failure or value-tightness of group `g` from its values with a place.
    fn settle(&mut self, g: usize) -> Result<(), Fail> {
        let net = self.net;
        let live = net.values as u32 - self.absent[g].count_ones();
        let size = net.sizes[g];
        if live < size {
            return Err(Fail::Pigeonhole);
        }
        if live == size && self.tight[g / 64] & 1 << (g % 64) == 0 {
            self.tight[g / 64] |= 1 << (g % 64);
            self.examine(g);
        }
        Ok(())
    }

    /// Marks group `g` dirty for every value with a place in it.
    fn examine(&mut self, g: usize) {
        let net = self.net;
        let gw = self.gw();
        let mut present = !self.absent[g] & if net.values == 64 { !0 } else { (1 << net.values) - 1 };
        self.s.dirty_values |= present;
        while present != 0 {
            let v = present.trailing_zeros() as usize;
            present &= present - 1;
            self.s.dirty[v * gw + g / 64] |= 1 << (g % 64);
        }
    }

    /// Examines the lowest value with dirty groups (`lock`: with groups marked for locked
    /// values) in each of them.
    fn examine_value(&mut self, lock: bool) -> Result<(), Fail> {
        let gw = self.gw();
        let values = if lock { &mut self.s.lock_values } else { &mut self.s.dirty_values };
        let v = values.trailing_zeros() as usize;
        *values &= !(1 << v);
        for u in 0..gw {
            // Groups where `v` is placed hold it at their fixed variable only.
            let dirty = if lock { &mut self.s.lock_dirty } else { &mut self.s.dirty };
            let mut gs = std::mem::take(&mut dirty[v * gw + u]) & !self.placed[v * gw + u];
            if Self::SMALL {
                if lock {
                    self.lock_all(v, gs)?;
                } else {
                    self.check_all(v, gs)?;
                }
                continue;
            }
            while gs != 0 {
                let g = u * 64 + gs.trailing_zeros() as usize;
                gs &= gs - 1;
                self.check(g, v, lock)?;
            }
        }
        Ok(())
    }

    /// Brings the network's view in step with the domains (`s.diffs`), runs to the fixed
    /// point, and lists the writes if `write`.
    pub(super) fn sync_and_run(&mut self, full: bool, write: bool) -> Result<(), Fail> {
        let net = self.net;
        let w = self.w();
        let counting = Self::COUNTING;
        for k in 0..self.s.diffs.len() {
            let (i, d) = self.s.diffs[k];
            let i = i as usize;
            let old = self.mirror[i];
            debug_assert!(d & !old == 0, "the network's view holds every value of the domain");
            let mut gone = old & !d;
            if gone == 0 {
                continue;
            }
            self.mirror[i] = d;
            while gone != 0 {
                let v = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.dual[v * w + i / 64] &= !(1 << (i % 64));
                if counting {
                    self.mark(i, v);
                }
            }
            if d & d.wrapping_sub(1) == 0 {
                if d == 0 {
                    return Err(Fail::WipeOut(i as u32));
                }
                self.s.fixed.push(i as u32);
            }
        }
        if full {
            // Every fixed variable is forward-checked (again, at no cost if it was), and with
            // counting every group is settled and examined for every value.
            for i in 0..net.vars.len() {
                let d = self.mirror[i];
                if d != 0 && d & (d - 1) == 0 {
                    self.s.fixed.push(i as u32);
                }
            }
            if counting {
                for g in 0..net.sizes.len() {
                    if self.tight[g / 64] & 1 << (g % 64) != 0 {
                        self.examine(g);
                    } else {
                        self.settle(g)?;
                    }
                }
            }
        }
        // Forward checking first (cheap and decisive), then the groups where values lost places;
        // with [`LOCKED_LATER`], locked values once neither is left (then both again).
        loop {
            if let Some(i) = self.s.fixed.pop() {
                self.fix(i as usize)?;
                continue;
            }
            let lock = self.s.dirty_values == 0;
            if lock && !(Self::DEFER && self.s.lock_values != 0) {
                break;
            }
            self.examine_value(lock)?;
        }
        for t in 0..w {
            let mut bits = std::mem::take(&mut self.s.touched[t]);
            if !write {
                continue;
            }
            while bits != 0 {
                let i = t * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.s.writes.push((i as u32, self.mirror[i]));
            }
        }
        Ok(())
    }
}
