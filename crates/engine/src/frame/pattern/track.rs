//! One function's stretches along one member, found once per analysis. Where each piece's
//! contribution changes sign depends on the piece alone, never on a combination's factors (a factor
//! scales every piece of its case alike), so the points where the governing arrangement can change,
//! and on each stretch between them the sum at factor 1 of each case's pieces contributing upward,
//! belong to the pieces alone ([`Track`]); a combination only scales those sums.
//!
//! A beam of a large frame has a sign change for nearly every piece, and most of its stretches are
//! never searched (a bound passes them over), so the sign changes are not sorted along the member
//! as a whole: they are dealt into buckets, each holding about √n of the n, whose upward sums at
//! their ends come from a running sum over the buckets (each bucket's sign changes added in any
//! order). A bucket is sorted into its stretches ([`Track::stretches`]) only when it is searched.

use std::collections::BTreeMap;
use std::ops::Range;

use super::super::member_results::Functions;
use super::search::poly;

/// A point where a piece acting through the member's ends changes sign: its position, its case, and
/// what passing it adds to its case's upward sum (the piece's `a + b x` with the sign of `b`).
#[derive(Clone, Copy, Debug, Default)]
struct Event {
    x: f64,
    case: usize,
    flip: [f64; 2],
}

/// One function's buckets along one member, the same for every combination.
#[derive(Debug, Default)]
pub(super) struct Track {
    /// Bucket `i` runs from `cuts[i]` to `cuts[i + 1]` (m from the member's start): the member's
    /// breakpoints, its own pieces' roots, and about every √n-th of the other pieces' sign changes.
    pub(super) cuts: Vec<f64>,
    /// Per segment: its first bucket, and past the last segment the bucket count.
    pub(super) first: Vec<usize>,
    /// At `i * cases + c`: the pieces of patterned case `c` acting through the member's ends that
    /// contribute upward just right of `cuts[i]`, summed at factor 1 as `a + b x` (`i` up to the
    /// bucket count: the last is past every sign change).
    up: Vec<[f64; 2]>,
    /// Per case: all its pieces acting through the member's ends, summed at factor 1.
    pub(super) total: Vec<[f64; 2]>,
    /// At `i * own + o`: the sign of own piece `o`'s contribution at factor 1 on bucket `i` (its
    /// roots are among the cuts, so one sign holds on the whole bucket).
    own_sign: Vec<f64>,
    own: usize,
    /// The sign changes inside bucket `i` or at its end, `events[starts[i]..starts[i + 1]]`, in no
    /// particular order.
    events: Vec<Event>,
    starts: Vec<usize>,
}

/// A bucket's stretches ([`Track::stretches`]): stretch `s` runs from `cuts[s]` to `cuts[s + 1]`,
/// with its cases' upward sums at `up[s * cases..]`; kept from bucket to bucket to spare allocations.
#[derive(Default)]
pub(super) struct Stretches {
    pub(super) cuts: Vec<f64>,
    up: Vec<[f64; 2]>,
    running: Vec<[f64; 2]>,
    order: Vec<(u64, u32)>,
}

/// The buckets searched so far, sorted into their stretches, kept for the combinations after (which
/// mostly search the same buckets: the stretches are the pieces' alone), one after another in two
/// shared buffers rather than each in its own allocations.
#[derive(Default)]
pub(super) struct Sorted {
    /// By (member, function, bucket): where its cuts and its upward sums start and end.
    at: BTreeMap<(usize, usize, usize), [usize; 4]>,
    cuts: Vec<f64>,
    up: Vec<[f64; 2]>,
    scratch: Stretches,
}

impl Sorted {
    /// Bucket `i` of `track`, member `m`'s `function`, in its stretches: their cuts and upward sums
    /// (as [`Stretches`] has them).
    pub(super) fn of(
        &mut self,
        track: &Track,
        (m, function, i): (usize, usize, usize),
    ) -> StretchesOf<'_> {
        let [c0, c1, u0, u1] = *self.at.entry((m, function, i)).or_insert_with(|| {
            track.stretches(i, &mut self.scratch);
            let [c, u] = [self.cuts.len(), self.up.len()];
            self.cuts.extend_from_slice(&self.scratch.cuts);
            self.up.extend_from_slice(&self.scratch.up);
            [c, self.cuts.len(), u, self.up.len()]
        });
        (&self.cuts[c0..c1], &self.up[u0..u1])
    }
}

/// A bucket's stretches as [`Stretches`] has them: the cuts, and each stretch's upward sums (a case's
/// after another).
pub(super) type StretchesOf<'a> = (&'a [f64], &'a [[f64; 2]]);

impl Stretches {
    /// The cuts and upward sums.
    pub(super) fn of(&self) -> StretchesOf<'_> {
        (&self.cuts, &self.up)
    }
}

/// What [`Track::new`] works in, kept from track to track to spare allocations.
#[derive(Default)]
pub(super) struct Scratch {
    found: Vec<Event>,
    key: Vec<usize>,
}

impl Track {
    /// The track of `function` along a member of breakpoints `xs`: `own` its own pieces' functions,
    /// `through` every other piece's contribution (`a + b x`) at factor 1, by piece, the pieces of
    /// each patterned case being `cases[c]`.
    pub(super) fn new(
        xs: &[f64],
        own: &[&Functions],
        (cases, through): (&[Range<usize>], impl Fn(usize) -> [f64; 2]),
        function: usize,
        scratch: &mut Scratch,
    ) -> Self {
        let length = xs[xs.len() - 1];
        let mut total = Vec::with_capacity(cases.len());
        let mut up = Vec::with_capacity(cases.len());
        let found = &mut scratch.found;
        found.clear();
        for (c, pieces) in cases.iter().enumerate() {
            // a case's sums in locals, not through memory indexed by the case from piece to piece
            let [mut all, mut upward] = [[0.0; 2]; 2];
            for [a, b] in pieces.clone().map(&through) {
                all = [all[0] + a, all[1] + b];
                // upward just right of the member's start
                if a > 0.0 || (a == 0.0 && b > 0.0) {
                    upward = [upward[0] + a, upward[1] + b];
                }
                let x = -a / b;
                if b != 0.0 && x > 0.0 && x < length {
                    let s = if b > 0.0 { 1.0 } else { -1.0 };
                    let flip = [s * a, s * b];
                    found.push(Event { x, case: c, flip });
                }
            }
            total.push(all);
            up.push(upward);
        }
        let cuts = bucket_cuts(xs, own, function, found);
        let mut track = Track {
            first: xs
                .iter()
                .map(|&x| cuts.partition_point(|&c| c < x))
                .collect(),
            own: own.len(),
            total,
            ..Track::default()
        };
        track.deal(&cuts, scratch, up);
        track.own_signs(xs, &cuts, own, function);
        track.cuts = cuts;
        track
    }

    /// The sign changes `found` dealt into the buckets between `cuts`, and the upward sums at each
    /// bucket's start, from `up` at the member's start. Within a bucket they are dealt by case, each
    /// case's in the order found, so that a case's sum runs in a local and adds them in that order.
    fn deal(&mut self, cuts: &[f64], scratch: &mut Scratch, mut up: Vec<[f64; 2]>) {
        let Scratch { found, key } = scratch;
        // no case, no sign change: a bucket's one run is empty
        let (buckets, runs) = (cuts.len() - 1, up.len().max(1));
        // a sign change at a cut ends the bucket before it: it changes nothing inside either. The
        // cuts left of it counted one by one rather than found by halving: a bucket's twenty or so
        // comparisons do not wait on each other, and go in twos in WebAssembly's vectors
        key.clear();
        key.extend(
            (found.iter()).map(|e| (cuts.iter().filter(|&&c| c < e.x).count() - 1) * runs + e.case),
        );
        // run k's count at k + 2, so that after the running sum run k starts at k + 1, which moves
        // to its end, the next run's start, as it is dealt (one more entry, dropped after)
        let mut starts = vec![0; buckets * runs + 2];
        key.iter().for_each(|&k| starts[k + 2] += 1);
        (2..starts.len()).for_each(|i| starts[i] += starts[i - 1]);
        let mut events = vec![Event::default(); found.len()];
        for (e, &k) in found.iter().zip(key.iter()) {
            events[starts[k + 1]] = *e;
            starts[k + 1] += 1;
        }
        starts.pop();
        self.up = Vec::with_capacity((buckets + 1) * up.len());
        self.up.extend_from_slice(&up);
        for i in 0..buckets {
            let bucket = &starts[i * runs..=(i + 1) * runs];
            for (sum, run) in up.iter_mut().zip(bucket.windows(2)) {
                for e in &events[run[0]..run[1]] {
                    *sum = [sum[0] + e.flip[0], sum[1] + e.flip[1]];
                }
            }
            self.up.extend_from_slice(&up);
        }
        self.starts = if runs == 1 {
            starts
        } else {
            starts.iter().step_by(runs).copied().collect()
        };
        self.events = events;
    }

    /// Each own piece's sign on each bucket, at its middle.
    fn own_signs(&mut self, xs: &[f64], cuts: &[f64], own: &[&Functions], function: usize) {
        self.own_sign = Vec::with_capacity((cuts.len() - 1) * own.len());
        for (k, (x0, buckets)) in xs.iter().zip(self.first.windows(2)).enumerate() {
            for i in buckets[0]..buckets[1] {
                let t = 0.5 * (cuts[i] + cuts[i + 1]) - x0;
                self.own_sign
                    .extend(own.iter().map(|f| sign_of(poly(f, k, function).eval(t))));
            }
        }
    }

    /// The cases' upward sums just right of cut `i`.
    pub(super) fn up_at(&self, i: usize) -> &[[f64; 2]] {
        let cases = self.total.len();
        &self.up[i * cases..(i + 1) * cases]
    }

    /// The own pieces' signs on bucket `i`.
    pub(super) fn own_signs_on(&self, i: usize) -> &[f64] {
        &self.own_sign[i * self.own..(i + 1) * self.own]
    }

    /// Bucket `i`'s stretches into `out`: its sign changes sorted (on integer keys: a positive
    /// number's bits order as it does), each stretch's upward sums from the bucket's start.
    pub(super) fn stretches(&self, i: usize, out: &mut Stretches) {
        let events = &self.events[self.starts[i]..self.starts[i + 1]];
        out.order.clear();
        out.order
            .extend((events.iter().enumerate()).map(|(j, e)| (e.x.to_bits(), j as u32)));
        out.order.sort_unstable();
        let end = self.cuts[i + 1];
        out.cuts.clear();
        out.cuts.push(self.cuts[i]);
        for &(_, j) in &out.order {
            let x = events[j as usize].x;
            if x < end && out.cuts.last().is_some_and(|&last| x > last) {
                out.cuts.push(x);
            }
        }
        out.cuts.push(end);
        out.running.clear();
        out.running.extend_from_slice(self.up_at(i));
        out.up.clear();
        let mut next = out
            .order
            .iter()
            .map(|&(_, j)| &events[j as usize])
            .peekable();
        for w in out.cuts.windows(2) {
            let mid = 0.5 * (w[0] + w[1]);
            while let Some(e) = next.next_if(|e| e.x < mid) {
                let up = &mut out.running[e.case];
                *up = [up[0] + e.flip[0], up[1] + e.flip[1]];
            }
            out.up.extend_from_slice(&out.running);
        }
    }
}

/// The buckets' ends along a member of breakpoints `xs`: those, the own pieces' roots, and of the
/// other pieces' n sign changes `found` about every √n-th (they come in piece order, which has
/// nothing to do with their positions, so they are a sample, and the buckets hold about √n each
/// however they crowd: on a beam of a large frame most cross near its middle).
fn bucket_cuts(xs: &[f64], own: &[&Functions], function: usize, found: &[Event]) -> Vec<f64> {
    let length = xs[xs.len() - 1];
    let step = (found.len() as f64).sqrt().ceil().max(1.0) as usize;
    let mut cuts = Vec::with_capacity(xs.len() * (1 + 2 * own.len()) + found.len() / step + 1);
    cuts.extend_from_slice(xs);
    for (k, w) in xs.windows(2).enumerate() {
        for f in own {
            let roots = poly(f, k, function).roots_in(0.0, w[1] - w[0]);
            cuts.extend(roots.into_iter().map(|t| w[0] + t));
        }
    }
    cuts.extend(found.iter().skip(step / 2).step_by(step).map(|e| e.x));
    cuts.sort_unstable_by(f64::total_cmp);
    cuts.dedup();
    cuts.retain(|&x| (0.0..=length).contains(&x));
    cuts
}

/// 1, -1 or 0 (the last for zero, as a piece contributing nothing is in no arrangement).
fn sign_of(v: f64) -> f64 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else {
        0.0
    }
}
