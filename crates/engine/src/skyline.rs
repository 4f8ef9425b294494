//! The global stiffness system: equation numbering, skyline storage and LDLᵀ factorisation.
//!
//! Structures give narrow-banded stiffness matrices once their equations are numbered by reverse
//! Cuthill-McKee ([`crate::numbering`]), so a skyline (variable band) LDLᵀ is both small and fast. The matrix is factorised
//! once; each load case is then one forward and one back substitution.

// Index loops mirror the textbook recurrences (Bathe, Finite Element Procedures, 8.2.3) term by term.
#![allow(clippy::needless_range_loop)]

use crate::numbering::Nodes;

/// Pivots smaller than this fraction of their original diagonal mean the structure can move
/// without straining: a mechanism.
const PIVOT_TOLERANCE: f64 = 1e-9;

/// How the model's degrees of freedom map to equations.
#[derive(Clone, Debug)]
pub struct Equations {
    /// Equation of each degree of freedom, `None` where the displacement is prescribed.
    pub of_dof: Vec<Option<usize>>,
    /// Degree of freedom of each equation.
    pub dof_of: Vec<usize>,
}

impl Equations {
    /// Numbers the free degrees of freedom in the order [`crate::numbering::order`] chooses.
    pub fn number<'a>(
        nodes: &Nodes,
        prescribed: &[bool],
        elements: impl Iterator<Item = &'a [usize]> + Clone,
    ) -> Self {
        let order = crate::numbering::order(nodes, prescribed, elements);
        let mut of_dof = vec![None; prescribed.len()];
        for (eq, &dof) in order.iter().enumerate() {
            of_dof[dof] = Some(eq);
        }
        Equations {
            of_dof,
            dof_of: order,
        }
    }

    /// Number of equations (free degrees of freedom).
    pub fn len(&self) -> usize {
        self.dof_of.len()
    }

    /// True when nothing is free.
    pub fn is_empty(&self) -> bool {
        self.dof_of.is_empty()
    }
}

/// `Σ a_k b_k` in four interleaved partial sums: the factorisation's inner loop, where one running
/// sum would wait on each addition (the sum's rounding differs from a single running sum only in
/// the last bits).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut partial = [0.0; 4];
    let (chunks_a, chunks_b) = (a.chunks_exact(4), b.chunks_exact(4));
    let (rest_a, rest_b) = (chunks_a.remainder(), chunks_b.remainder());
    for (x, y) in chunks_a.zip(chunks_b) {
        for k in 0..4 {
            partial[k] += x[k] * y[k];
        }
    }
    let tail: f64 = rest_a.iter().zip(rest_b).map(|(x, y)| x * y).sum();
    (partial[0] + partial[1]) + (partial[2] + partial[3]) + tail
}

/// A symmetric matrix stored column by column from the first non-zero row down to the diagonal.
#[derive(Clone, Debug)]
pub struct Skyline {
    first_row: Vec<usize>,
    column_start: Vec<usize>,
    values: Vec<f64>,
}

/// A failed factorisation: the equation whose pivot vanished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZeroPivot {
    /// Equation index.
    pub equation: usize,
}

impl Skyline {
    /// An all-zero matrix with the profile the elements need.
    pub fn with_profile<'a>(
        equations: &Equations,
        elements: impl Iterator<Item = &'a [usize]>,
    ) -> Self {
        let n = equations.len();
        let mut first_row: Vec<usize> = (0..n).collect();
        for dofs in elements {
            let eqs = dofs.iter().filter_map(|&d| equations.of_dof[d]);
            let Some(lowest) = eqs.clone().min() else {
                continue;
            };
            for eq in eqs {
                first_row[eq] = first_row[eq].min(lowest);
            }
        }
        let mut column_start = Vec::with_capacity(n + 1);
        let mut total = 0;
        for (j, &f) in first_row.iter().enumerate() {
            column_start.push(total);
            total += j - f + 1;
        }
        column_start.push(total);
        Skyline {
            first_row,
            column_start,
            values: vec![0.0; total],
        }
    }

    /// Column j's stored entries above the diagonal, from its first row down.
    fn above_diagonal(&self, j: usize) -> &[f64] {
        let base = self.column_start[j];
        &self.values[base..base + (j - self.first_row[j])]
    }

    fn index(&self, i: usize, j: usize) -> usize {
        debug_assert!(i <= j && i >= self.first_row[j]);
        self.column_start[j] + (i - self.first_row[j])
    }

    /// Adds `value` at `(i, j)` of the upper triangle (`i <= j`).
    pub fn add(&mut self, i: usize, j: usize, value: f64) {
        let (i, j) = if i <= j { (i, j) } else { (j, i) };
        let k = self.index(i, j);
        self.values[k] += value;
    }

    /// Adds an element matrix over its degrees of freedom; prescribed dofs are skipped.
    /// The element's rows are walked as slices beside its dofs, so the hot loop indexes only the
    /// equations and the skyline.
    pub fn assemble(&mut self, equations: &Equations, dofs: &[usize], k: &[f64]) {
        const MOST: usize = 8;
        let n = dofs.len();
        if n > MOST {
            return self.assemble_each(equations, dofs, k);
        }
        // each dof's equation and where its column's row 0 would sit in `values` (wrapping: the
        // column starts lower down), looked up once per dof rather than once per term
        let mut placed = [(usize::MAX, 0usize); MOST];
        for (p, &d) in placed.iter_mut().zip(dofs) {
            if let Some(e) = equations.of_dof[d] {
                *p = (e, self.column_start[e].wrapping_sub(self.first_row[e]));
            }
        }
        let placed = &placed[..n];
        for (a, (row, &(ea, base_a))) in k.chunks_exact(n).zip(placed).enumerate() {
            if ea == usize::MAX {
                continue;
            }
            for (&value, &(eb, base_b)) in row[a..].iter().zip(&placed[a..]) {
                if eb == usize::MAX {
                    continue;
                }
                let at = if ea <= eb {
                    base_b.wrapping_add(ea)
                } else {
                    base_a.wrapping_add(eb)
                };
                self.values[at] += value;
            }
        }
    }

    fn assemble_each(&mut self, equations: &Equations, dofs: &[usize], k: &[f64]) {
        let n = dofs.len();
        for (a, (row, &da)) in k.chunks_exact(n).zip(dofs).enumerate() {
            let Some(ea) = equations.of_dof[da] else {
                continue;
            };
            for (&value, &db) in row[a..].iter().zip(&dofs[a..]) {
                let Some(eb) = equations.of_dof[db] else {
                    continue;
                };
                self.add(ea, eb, value);
            }
        }
    }

    /// LDLᵀ in place. A pivot that vanishes relative to its diagonal is a mechanism.
    pub fn factorize(self) -> Result<Factorized, ZeroPivot> {
        self.eliminate(|equation, d, original| {
            let positive = d.is_finite() && d > PIVOT_TOLERANCE * original.abs();
            positive.then_some(d).ok_or(ZeroPivot { equation })
        })
    }

    /// LDLᵀ of a symmetric matrix that may be indefinite, and its count of negative pivots: by
    /// Sylvester's law of inertia, the number of its negative eigenvalues (the Sturm count that
    /// Wittrick-Williams counting needs). An exactly zero pivot is taken as a tiny positive one,
    /// which counts the inertia of a matrix as near as rounding can tell; a pivot that is not
    /// finite is refused.
    pub fn factorize_indefinite(self) -> Result<(Factorized, usize), ZeroPivot> {
        let mut negative = 0;
        let factorized = self.eliminate(|equation, d, original| {
            if !d.is_finite() {
                return Err(ZeroPivot { equation });
            }
            negative += usize::from(d < 0.0);
            Ok(if d == 0.0 {
                f64::EPSILON * original.abs().max(f64::MIN_POSITIVE)
            } else {
                d
            })
        })?;
        Ok((factorized, negative))
    }

    /// The elimination itself; `pivot` accepts (or replaces, or refuses) each pivot.
    fn eliminate(
        mut self,
        mut pivot: impl FnMut(usize, f64, f64) -> Result<f64, ZeroPivot>,
    ) -> Result<Factorized, ZeroPivot> {
        let n = self.first_row.len();
        let mut diagonal = vec![0.0; n];
        for j in 0..n {
            let mj = self.first_row[j];
            // column j (rows mj..=j) apart from the columns before it, which it reads
            let (before, rest) = self.values.split_at_mut(self.column_start[j]);
            let (column_j, kjj) = rest[..=j - mj].split_at_mut(j - mj);
            let original = kjj[0];
            // g_ij = a_ij - sum_r l_ri g_rj, for rows i of column j above the diagonal
            for i in mj..j {
                let mi = self.first_row[i];
                let m = mi.max(mj);
                let base_i = self.column_start[i];
                let column_i = &before[base_i + (m - mi)..base_i + (i - mi)];
                let (above, g) = column_j[m - mj..=i - mj].split_at_mut(i - m);
                g[0] -= dot(column_i, above);
            }
            let mut d = original;
            for (g, &pivot) in column_j.iter_mut().zip(&diagonal[mj..j]) {
                let l = *g / pivot;
                d -= l * *g;
                *g = l;
            }
            let d = pivot(j, d, original)?;
            diagonal[j] = d;
            kjj[0] = d;
        }
        Ok(Factorized {
            matrix: self,
            diagonal,
        })
    }
}

/// A factorised stiffness matrix, ready for any number of right-hand sides.
#[derive(Clone, Debug)]
pub struct Factorized {
    matrix: Skyline,
    diagonal: Vec<f64>,
}

impl Factorized {
    /// ln |det K|: the sum of the logarithms of the pivots' magnitudes (the determinant itself
    /// overflows for any sizeable structure).
    pub fn log_abs_det(&self) -> f64 {
        self.diagonal.iter().map(|d| d.abs().ln()).sum()
    }

    /// Solves `K x = b` in place for `count` right-hand sides at once, entry i of the rth at
    /// `b[i * count + r]`: each entry of the factor is read once for all of them, and the inner
    /// loops run along contiguous right-hand sides, which the compiler vectorises. `started[i]`:
    /// how many right-hand sides, the first ones, have a non-zero entry at or before row i (the
    /// others are zero down to it, and so is their forward substitution: it is skipped).
    pub fn solve_many(&self, b: &mut [f64], count: usize, started: &[usize]) {
        let n = self.diagonal.len();
        for j in 0..n {
            self.forward_column(b, count, j, started);
        }
        for (row, d) in b.chunks_exact_mut(count.max(1)).zip(&self.diagonal) {
            row.iter_mut().for_each(|x| *x /= d);
        }
        // two columns at a time, so that a row above both is read and written once for the pair
        // (column 0, left alone when n is odd, has nothing above it)
        for hi in (1..n).rev().step_by(2) {
            self.back_pair(b, count, hi);
        }
    }

    /// Forward substitution of row `j` of [`Factorized::solve_many`], two rows above it at a time,
    /// so that its entries are read and written once for the pair: each entry takes the upper
    /// row's term and then the lower's, the order one row at a time gives it (the lower row has at
    /// least as many started right-hand sides; past the upper's, only its term).
    fn forward_column(&self, b: &mut [f64], count: usize, j: usize, started: &[usize]) {
        let m = &self.matrix;
        let (above, rest) = b.split_at_mut(j * count);
        let bj = &mut rest[..started[j].min(count)];
        let row = |i: usize| &above[i * count..i * count + started[i].min(count)];
        let first = m.first_row[j];
        let mut pairs = m.above_diagonal(j).chunks_exact(2);
        for (k, l) in (&mut pairs).enumerate() {
            let (p, q) = (row(first + 2 * k), row(first + 2 * k + 1));
            let (head, tail) = bj[..q.len()].split_at_mut(p.len());
            (head.iter_mut().zip(p).zip(q)).for_each(|((x, p), q)| *x = (*x - l[0] * p) - l[1] * q);
            tail.iter_mut()
                .zip(&q[p.len()..])
                .for_each(|(x, q)| *x -= l[1] * q);
        }
        if let [l] = pairs.remainder() {
            let q = row(j - 1);
            bj[..q.len()]
                .iter_mut()
                .zip(q)
                .for_each(|(x, q)| *x -= l * q);
        }
    }

    /// Back substitution of columns `hi` and `hi - 1` of [`Factorized::solve_many`], their right-hand
    /// sides final below them: each row above both takes column `hi`'s term and then column
    /// `hi - 1`'s, the order one column at a time gives it, so the result is the same to the bit.
    fn back_pair(&self, b: &mut [f64], count: usize, hi: usize) {
        let m = &self.matrix;
        let lo = hi - 1;
        let (above, rest) = b.split_at_mut(lo * count);
        let (x_lo, rest) = rest.split_at_mut(count);
        let x_hi = &rest[..count];
        let (f_hi, f_lo) = (m.first_row[hi], m.first_row[lo]);
        let (col_hi, col_lo) = (m.above_diagonal(hi), m.above_diagonal(lo));
        if lo >= f_hi {
            let l = col_hi[lo - f_hi];
            x_lo.iter_mut().zip(x_hi).for_each(|(y, x)| *y -= l * x);
        }
        let x_lo = &*x_lo;
        let both = f_hi.max(f_lo);
        // the rows in one column's profile only
        self.back_column(above, x_hi, count, hi, both);
        self.back_column(above, x_lo, count, lo, both);
        for i in both..lo {
            let (a, c) = (col_hi[i - f_hi], col_lo[i - f_lo]);
            let bi = &mut above[i * count..(i + 1) * count];
            (bi.iter_mut().zip(x_hi).zip(x_lo)).for_each(|((y, p), q)| *y = (*y - a * p) - c * q);
        }
    }

    /// Column `j`'s back substitution term `x_j` on the rows of its profile above row `to`.
    fn back_column(&self, above: &mut [f64], xj: &[f64], count: usize, j: usize, to: usize) {
        let m = &self.matrix;
        let rows = m.first_row[j]..to.min(j);
        for (l, i) in m.above_diagonal(j).iter().zip(rows) {
            let bi = &mut above[i * count..(i + 1) * count];
            bi.iter_mut().zip(xj).for_each(|(y, x)| *y -= l * x);
        }
    }

    /// Solves `K x = b` in place.
    pub fn solve(&self, b: &mut [f64]) {
        let m = &self.matrix;
        let n = self.diagonal.len();
        for j in 0..n {
            let sum = dot(m.above_diagonal(j), &b[m.first_row[j]..j]);
            b[j] -= sum;
        }
        for j in 0..n {
            b[j] /= self.diagonal[j];
        }
        for j in (0..n).rev() {
            let (above, rest) = b.split_at_mut(j);
            let xj = rest[0];
            let above = &mut above[m.first_row[j]..];
            above
                .iter_mut()
                .zip(m.above_diagonal(j))
                .for_each(|(bi, l)| *bi -= l * xj);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_spd_system() {
        // K = [[4, 1, 0], [1, 3, 1], [0, 1, 2]], x = [1, 2, 3] gives b = [6, 10, 8]
        let eqs = Equations {
            of_dof: vec![Some(0), Some(1), Some(2)],
            dof_of: vec![0, 1, 2],
        };
        let dofs = [0usize, 1, 2];
        let mut k = Skyline::with_profile(&eqs, std::iter::once(&dofs[..]));
        let dense = [4.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 2.0];
        k.assemble(&eqs, &dofs, &dense);
        let f = k.factorize().expect("positive definite");
        let mut b = [6.0, 10.0, 8.0];
        f.solve(&mut b);
        for (got, want) in b.iter().zip([1.0, 2.0, 3.0]) {
            assert!((got - want).abs() < 1e-12);
        }
        // two at once, interleaved: x = [1, 2, 3] as above, and x = [1, -1, 2] (K x = [3, 0, 3])
        let mut both = [6.0, 3.0, 10.0, 0.0, 8.0, 3.0];
        f.solve_many(&mut both, 2, &[2; 3]);
        for (got, want) in both.iter().zip([1.0, 1.0, 2.0, -1.0, 3.0, 2.0]) {
            assert!((got - want).abs() < 1e-12);
        }
        // the second zero in row 0 (K [1, -4, 3] = [0, -8, 2]): its forward substitution starts at row 1
        let mut later = [6.0, 0.0, 10.0, -8.0, 8.0, 2.0];
        f.solve_many(&mut later, 2, &[1, 2, 2]);
        for (got, want) in later.iter().zip([1.0, 1.0, 2.0, -4.0, 3.0, 3.0]) {
            assert!((got - want).abs() < 1e-12);
        }
    }

    #[test]
    fn large_elements_and_held_dofs_assemble_alike() {
        // A chain of unit springs over 10 dofs (so the element is too large for the per-dof table),
        // dof 0 held: K is tridiagonal [2, -1; -1, 2, ...] with a last diagonal of 1, and the
        // fixed-free chain under a unit load at its free end moves 1, 2, ..., 9 (x_k = k / 1).
        let n = 10;
        let mut dense = vec![0.0; n * n];
        for s in 0..n - 1 {
            for (a, b, v) in [
                (s, s, 1.0),
                (s + 1, s + 1, 1.0),
                (s, s + 1, -1.0),
                (s + 1, s, -1.0),
            ] {
                dense[a * n + b] += v;
            }
        }
        let eqs = Equations {
            of_dof: std::iter::once(None).chain((0..n - 1).map(Some)).collect(),
            dof_of: (1..n).collect(),
        };
        let dofs: Vec<usize> = (0..n).collect();
        let mut k = Skyline::with_profile(&eqs, std::iter::once(&dofs[..]));
        k.assemble(&eqs, &dofs, &dense);
        let f = k.factorize().expect("held at dof 0");
        let mut b = vec![0.0; n - 1];
        b[n - 2] = 1.0;
        f.solve(&mut b);
        for (k, got) in b.iter().enumerate() {
            assert!((got - (k + 1) as f64).abs() < 1e-12, "{k}: {got}");
        }
    }

    #[test]
    fn singular_matrix_reports_the_pivot() {
        let eqs = Equations {
            of_dof: vec![Some(0), Some(1)],
            dof_of: vec![0, 1],
        };
        let dofs = [0usize, 1];
        let mut k = Skyline::with_profile(&eqs, std::iter::once(&dofs[..]));
        k.assemble(&eqs, &dofs, &[1.0, -1.0, -1.0, 1.0]);
        assert_eq!(k.factorize().unwrap_err(), ZeroPivot { equation: 1 });
    }
}
