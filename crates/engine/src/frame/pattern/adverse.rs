//! Which pieces count, and which way, for one quantity at one point (decisions.md 17). A factor
//! scales every piece of its case alike and the threshold with them, so at a point fixed for every
//! combination (a support's reaction, a node's displacement, a member's force through its ends) the
//! pieces of a case contributing upward, their sum and their arrangement are found once, at factor
//! 1 ([`Table`]), and a combination only scales the sum and takes the arrangement of the side its
//! factor's sign makes adverse. Where the point moves with the combination (an extreme inside a
//! member) every piece is weighed there ([`Contributions`]).

use std::ops::Range;

use wide::{f64x4, CmpEq, CmpGt, CmpLt};

use crate::arrangement::Arrangement;
use crate::beam::pattern::COUNTS;
use crate::beam::{larger, PatternedBound};

/// The pieces of one case contributing one way to a quantity at factor 1.
#[derive(Clone, Debug, Default)]
struct Side {
    sum: f64,
    /// The smallest of their contributions' magnitudes (infinite when none counts).
    least: f64,
    pieces: Arrangement,
}

/// One quantity's pieces of one case at factor 1: the largest contribution's magnitude, and the
/// pieces contributing upward and downward beyond [`COUNTS`] of it.
#[derive(Clone, Debug, Default)]
struct Sides {
    largest: f64,
    sides: [Side; 2],
}

/// Every quantity's [`Sides`] for every patterned case, at `quantity * cases + case`.
#[derive(Debug, Default)]
pub(super) struct Table {
    /// The pieces of each patterned case (consecutive).
    cases: Vec<Range<usize>>,
    sides: Vec<Sides>,
    /// Scratch for a side's words.
    words: [Vec<u64>; 2],
}

impl Table {
    /// An empty table for `quantities` quantities, whose pieces `cases[c]` belong to patterned case c.
    pub(super) fn new(quantities: usize, cases: Vec<Range<usize>>) -> Self {
        Table {
            sides: Vec::with_capacity(quantities * cases.len()),
            cases,
            words: Default::default(),
        }
    }

    /// The next quantity, of contributions `values` (every piece's, at factor 1).
    pub(super) fn push(&mut self, values: &[f64]) {
        for pieces in &self.cases {
            let sides = Sides::of(values, pieces.clone(), &mut self.words);
            self.sides.push(sides);
        }
    }

    /// Quantity `q`'s adverse part in direction `d` (0 largest, 1 smallest) at the patterned
    /// cases' factors `scale`, with the contributions `own` of pieces the table leaves out (a
    /// member's own pieces, `(piece, contribution)`): the sum and the pieces present. None when a
    /// case's smallest contribution counted at factor 1 falls under the threshold the largest of
    /// them all sets (two cases, or an own piece, far larger): then only weighing every piece says
    /// which count.
    pub(super) fn adverse(
        &self,
        q: usize,
        (d, scale): (usize, &[f64]),
        own: &[(usize, f64)],
    ) -> Option<(f64, Arrangement)> {
        let cases = self.cases.len();
        let sides = &self.sides[q * cases..(q + 1) * cases];
        let scaled = (sides.iter().zip(scale)).map(|(s, f)| f.abs() * s.largest);
        let largest = scaled
            .chain(own.iter().map(|o| o.1.abs()))
            .fold(0.0, larger);
        let threshold = COUNTS * largest;
        // one case alone scales its threshold with its contributions: what counted at factor 1 counts
        let alone = own.is_empty() && scale.iter().filter(|&&f| f != 0.0).count() <= 1;
        let (mut sum, mut pieces) = (0.0, Arrangement::default());
        for (s, &f) in sides.iter().zip(scale) {
            // upward pieces are adverse to the largest value at a positive factor
            let side = &s.sides[usize::from((f > 0.0) != (d == 0))];
            if f == 0.0 || side.pieces.is_empty() {
                continue;
            }
            if !alone && f.abs() * side.least <= threshold {
                return None;
            }
            sum += f * side.sum;
            pieces = pieces.union(&side.pieces);
        }
        let sign = [1.0, -1.0][d];
        let counted = own.iter().filter(|o| sign * o.1 > threshold);
        if counted.clone().next().is_some() {
            sum += counted.clone().map(|o| o.1).sum::<f64>();
            pieces = pieces.union(&Arrangement::of(counted.map(|o| o.0)));
        }
        Some((sum, pieces))
    }
}

impl Sides {
    /// The sides of the contributions `values[pieces]`; `words` is scratch. One pass counts every
    /// contribution that is not zero and finds the largest; only when some counted one is within
    /// [`COUNTS`] of the largest (round-off beside it) is a second pass needed, which leaves those
    /// out. Either way the sums add the same contributions in the same order.
    fn of(values: &[f64], pieces: Range<usize>, words: &mut [Vec<u64>; 2]) -> Self {
        let every = Gathered::of(values, pieces.clone(), 0.0, words);
        let largest = every.largest;
        let threshold = COUNTS * largest;
        let counted = if every.least.iter().all(|&l| l > threshold) {
            every
        } else {
            Gathered::of(values, pieces, threshold, words)
        };
        let side = |k: usize| Side {
            sum: counted.sums[k],
            least: counted.least[k],
            pieces: Arrangement::from_words(&words[k]),
        };
        Sides {
            largest,
            sides: [side(0), side(1)],
        }
    }
}

/// The contributions beyond a threshold each way: their sums, their smallest magnitudes (infinite
/// when none), their pieces (in the words), and the largest magnitude of all.
struct Gathered {
    sums: [f64; 2],
    least: [f64; 2],
    largest: f64,
}

/// [`Gathered`] in four running lanes, piece j in lane j % 4, taken four at a time as one vector
/// (`wide`: two 128-bit halves in WebAssembly and on x86-64 without AVX): four independent chains
/// of additions and comparisons rather than one (the sums' order changes, by round-off only; a
/// smallest or largest is the same in any order), with nothing chosen by a branch: a sum adds the
/// contribution masked to itself or zero, a smallest or largest compares the magnitude masked to
/// infinity or zero, and a comparison's four bits come out as one mask.
struct Lanes {
    sums: [f64x4; 2],
    /// The smallest counted magnitude (infinite for none).
    least: [f64x4; 2],
    /// The largest magnitude, a NaN's left out.
    largest: f64x4,
}

impl Lanes {
    /// Contributions `c` into the four lanes; the bits of those that count upward and downward.
    fn take(&mut self, c: f64x4, threshold: f64) -> [u64; 2] {
        let counts = [
            c.cmp_gt(f64x4::splat(threshold)),
            c.cmp_lt(f64x4::splat(-threshold)),
        ];
        let magnitude = magnitude(c);
        for (k, &mask) in counts.iter().enumerate() {
            self.sums[k] += c & mask;
            let least = mask.blend(magnitude, f64x4::splat(f64::INFINITY));
            self.least[k] = self.least[k].fast_min(least);
        }
        self.largest = self.largest.fast_max(magnitude);
        counts.map(|mask| mask.move_mask() as u64)
    }

    fn gathered(&self) -> Gathered {
        let sum = |s: f64x4| {
            let s = s.to_array();
            (s[0] + s[1]) + (s[2] + s[3])
        };
        let fold = |s: f64x4, start: f64, pick: fn(f64, f64) -> f64| {
            s.to_array().into_iter().fold(start, pick)
        };
        Gathered {
            sums: self.sums.map(sum),
            least: self.least.map(|l| fold(l, f64::INFINITY, f64::min)),
            largest: fold(self.largest, 0.0, f64::max),
        }
    }
}

impl Gathered {
    /// Of `values[pieces]` beyond `threshold` (upward, and downward), the pieces into `words`.
    fn of(values: &[f64], pieces: Range<usize>, threshold: f64, words: &mut [Vec<u64>; 2]) -> Self {
        for w in words.iter_mut() {
            w.clear();
            w.resize(pieces.end.div_ceil(64), 0);
        }
        let mut lanes = Lanes {
            sums: [f64x4::ZERO; 2],
            least: [f64x4::splat(f64::INFINITY); 2],
            largest: f64x4::ZERO,
        };
        // a word's pieces at a time, its bits gathered in registers
        let mut j = pieces.start;
        while j < pieces.end {
            let stop = (j / 64 * 64 + 64).min(pieces.end);
            let mut word = [0; 2];
            let first = j % 64;
            in_fours(&values[j..stop], |at, c| {
                let [up, down] = lanes.take(c, threshold);
                word[0] |= up << (first + at);
                word[1] |= down << (first + at);
            });
            words[0][j / 64] = word[0];
            words[1][j / 64] = word[1];
            j = stop;
        }
        lanes.gathered()
    }
}

/// `values` four at a time as one vector, with each four's first index; zeros after the last (they
/// count nowhere and are the largest of nothing).
fn in_fours(values: &[f64], mut each: impl FnMut(usize, f64x4)) {
    let fours = values.chunks_exact(4);
    let (rest, done) = (fours.remainder(), 4 * fours.len());
    for (q, four) in fours.enumerate() {
        let four: [f64; 4] = four.try_into().expect("four values");
        each(4 * q, f64x4::from(four));
    }
    if !rest.is_empty() {
        let mut four = [0.0; 4];
        four[..rest.len()].copy_from_slice(rest);
        each(done, f64x4::from(four));
    }
}

/// `c`'s magnitudes, a NaN's zero (a NaN is unequal to itself), so that a largest leaves it out.
fn magnitude(c: f64x4) -> f64x4 {
    c.cmp_eq(c).blend(c.abs(), f64x4::ZERO)
}

/// The largest of `values`' magnitudes (0 for none, a NaN left out), in four lanes (see [`Lanes`]).
fn largest_magnitude(values: &[f64]) -> f64 {
    let mut largest = f64x4::ZERO;
    in_fours(values, |_, c| largest = largest.fast_max(magnitude(c)));
    largest.to_array().into_iter().fold(0.0, f64::max)
}

/// Every piece's contribution to one quantity at one point, from which [`Contributions::bound`]
/// takes the bounds of both directions; kept from quantity to quantity to spare allocations.
#[derive(Default)]
pub(super) struct Contributions {
    values: Vec<f64>,
    largest: f64,
    words: Vec<u64>,
}

impl Contributions {
    /// Piece `j` contributes `scale[j]` times its entries of the three `rows` weighted by
    /// `weights`, plus its entry in `own` (a few, for the pieces whose rows are zero).
    pub(super) fn fill(
        &mut self,
        (rows, weights): ([&[f64]; 3], [f64; 3]),
        scale: &[f64],
        own: &[(usize, f64)],
    ) {
        let [w0, w1, w2] = weights;
        let [r0, r1, r2] = rows;
        self.values.clear();
        self.values.extend(
            (r0.iter().zip(r1).zip(r2).zip(scale))
                .map(|(((a, b), c), s)| s * (w0 * a + w1 * b + w2 * c)),
        );
        for &(j, c) in own {
            self.values[j] += c;
        }
        self.largest = largest_magnitude(&self.values);
    }

    /// The bound in direction `d` (0 largest, 1 smallest) where the fixed part is `fixed`: it adds
    /// the contributions that count and are adverse (decisions.md 17), and names their pieces.
    pub(super) fn bound(&mut self, (fixed, position): (f64, f64), d: usize) -> PatternedBound {
        let sign = [1.0, -1.0][d];
        let threshold = COUNTS * self.largest;
        let words = &mut self.words;
        words.clear();
        words.resize(self.values.len().div_ceil(64), 0);
        let mut sum = f64x4::ZERO;
        // four at a time, as the table's sides are (a four never straddles two words)
        in_fours(&self.values, |at, c| {
            let counts = (c * f64x4::splat(sign)).cmp_gt(f64x4::splat(threshold));
            sum += c & counts;
            words[at / 64] |= (counts.move_mask() as u64) << (at % 64);
        });
        let sum = sum.to_array();
        PatternedBound {
            value: fixed + ((sum[0] + sum[1]) + (sum[2] + sum[3])),
            position,
            pieces: Arrangement::from_words(words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random contributions of one case, some of them round-off beside the largest (1e-14 to 1e-10 of
    /// it), some zero and some just past the threshold, against decisions.md 17 taken literally at
    /// factors of either sign: the pieces whose contribution exceeds 1e-9 of the largest the adverse
    /// way, and their sum.
    #[test]
    fn the_table_counts_what_exceeds_the_threshold_and_nothing_else() {
        let mut rng = fastrand::Rng::with_seed(32);
        for round in 0..200 {
            let n = 1 + round % 140;
            let largest = 10.0 * rng.f64() + 0.1;
            let values: Vec<f64> = (0..n)
                .map(|_| {
                    let sign = if rng.bool() { 1.0 } else { -1.0 };
                    let size = match rng.usize(0..5) {
                        0 => 0.0,
                        1 => largest * 10f64.powf(-14.0 + 4.0 * rng.f64()),
                        2 => largest * COUNTS * 1.5,
                        _ => largest * rng.f64(),
                    };
                    sign * size
                })
                .chain([largest])
                .collect();
            let pieces = 0..values.len();
            let mut table = Table::new(1, Vec::from([pieces]));
            table.push(&values);
            for f in [1.5, -0.4] {
                for d in [0, 1] {
                    let (sum, pieces) = table.adverse(0, (d, &[f]), &[]).expect("one case");
                    let threshold = COUNTS * f64::abs(f) * largest;
                    let sign = [1.0, -1.0][d];
                    let counted: Vec<usize> = (0..values.len())
                        .filter(|&j| sign * f * values[j] > threshold)
                        .collect();
                    let want: f64 = counted.iter().map(|&j| f * values[j]).sum();
                    let what = format!("round {round}, factor {f}, direction {d}");
                    assert_eq!(pieces.to_vec(), counted, "{what}");
                    assert!((sum - want).abs() <= 1e-12 * largest * n as f64, "{what}");
                }
            }
        }
    }
}
