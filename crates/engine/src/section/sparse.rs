//! The torsion mesh's symmetric positive definite systems, factorised by `faer`'s sparse Cholesky
//! under its approximate-minimum-degree ordering. A triangle mesh numbered by reverse Cuthill-McKee
//! (the frames' skyline, [`crate::skyline`]) fills its whole band, some N^1.5 entries and N² work for
//! N nodes; a minimum-degree ordering keeps the factor near N log N entries, so a 20,000-node mesh
//! factorises in milliseconds instead of seconds.

use faer::linalg::solvers::Solve;
use faer::sparse::linalg::solvers::Llt;
use faer::sparse::{SparseColMat, Triplet};
use faer::{Mat, Side};

/// One element's equations (`None` where the value is prescribed) and its stiffness, row by row.
pub(crate) struct Coupling<'a> {
    pub equations: [Option<usize>; 6],
    pub stiffness: &'a [f64; 36],
}

/// A factorised system, ready for any number of right-hand sides.
pub(crate) struct Factor {
    llt: Llt<usize, f64>,
    size: usize,
}

/// The elements' stiffness assembled over `size` equations and factorised; `None` if it is not
/// positive definite (a degenerate mesh) or holds a value that is not finite. Equations repeated
/// within an element (values tied to one unknown) add both their couplings, as they should.
pub(crate) fn factorise<'a>(
    size: usize,
    elements: impl Iterator<Item = Coupling<'a>>,
) -> Option<Factor> {
    let mut entries = Vec::new();
    for Coupling {
        equations,
        stiffness,
    } in elements
    {
        for (a, row) in equations.iter().zip(stiffness.chunks_exact(6)) {
            let Some(i) = *a else { continue };
            for (b, &value) in equations.iter().zip(row) {
                match *b {
                    Some(j) if j <= i => entries.push(Triplet::new(i, j, value)),
                    _ => {}
                }
            }
        }
    }
    if size == 0 || entries.iter().any(|t| !t.val.is_finite()) {
        return None;
    }
    let matrix = SparseColMat::try_new_from_triplets(size, size, &entries).ok()?;
    let llt = matrix.sp_cholesky(Side::Lower).ok()?;
    Some(Factor { llt, size })
}

impl Factor {
    /// `K x = b`.
    pub(crate) fn solve(&self, b: &[f64]) -> Vec<f64> {
        let rhs = Mat::from_fn(self.size, 1, |i, _| b[i]);
        let x = self.llt.solve(&rhs);
        (0..self.size).map(|i| x[(i, 0)]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_and_held_values_assemble_as_they_should() {
        // two unit springs 0-1 and 1-2 as 6-dof elements padded with zeros; node 0 held, 1 and 2
        // tied to one unknown: the tied pair's stiffness is the first spring's alone (the second
        // spring joins two tied ends and adds 1 - 1 - 1 + 1 = 0), so a unit load moves it by 1
        let spring = |a: usize, b: usize| {
            let mut k = [0.0; 36];
            k[6 * a + a] = 1.0;
            k[6 * b + b] = 1.0;
            k[6 * a + b] = -1.0;
            k[6 * b + a] = -1.0;
            k
        };
        let (k1, k2) = (spring(0, 1), spring(1, 2));
        let map = [None, Some(0), Some(0), None, None, None];
        let factor = factorise(
            1,
            [&k1, &k2].into_iter().map(|stiffness| Coupling {
                equations: map,
                stiffness,
            }),
        )
        .unwrap();
        assert!((factor.solve(&[1.0])[0] - 1.0).abs() < 1e-14);
    }

    #[test]
    fn a_singular_system_is_refused() {
        let mut k = [0.0; 36];
        k[0] = 1.0;
        let free = [Some(0), Some(1), None, None, None, None];
        let couplings = std::iter::once(Coupling {
            equations: free,
            stiffness: &k,
        });
        assert!(factorise(2, couplings).is_none());
    }
}
