//! The functions the beam-column equation `EI v'''' − N v'' = q` is solved in, for a constant axial
//! force N (tension positive) and μ = N/EI:
//!
//! `F_n(t) = Σ_m μ^m t^(n+2m) / (n+2m)!`,
//!
//! so that `F_0 = cosh(kt)` and `F_1 = sinh(kt)/k` in tension (k² = μ), `cos(kt)` and `sin(kt)/k` in
//! compression, `F_n' = F_(n−1)`, and `F_n'' − μ F_n = t^(n−2)/(n−2)!` for n ≥ 2. At μ = 0 they
//! are `t^n/n!`: the first-order member's polynomials, with no cancellation as N tends to zero
//! because the small-|μt²| side is summed as the series itself.

/// F_0 to F_5: enough for a linear load (the moment takes F_(j+2) of a load term t^j, the
/// deflection F_(j+4)).
pub(crate) const COUNT: usize = 6;

/// |μt²| up to which F_2..F_5 are summed as their series. Below it the series loses at most a few
/// hundred ulps to the alternating terms of compression; above it the upward recurrence
/// `F_n = (F_(n−2) − t^(n−2)/(n−2)!)/μ` multiplies the error of F_1 by at most 120/|μt²|².
const SERIES_LIMIT: f64 = 100.0;

/// `[F_0(t), ..., F_5(t)]` for `mu` = N/EI.
pub(crate) fn basis(mu: f64, t: f64) -> [f64; COUNT] {
    let mut f = [0.0; COUNT];
    let k = mu.abs().sqrt();
    let kt = k * t;
    (f[0], f[1]) = if mu > 0.0 {
        (kt.cosh(), kt.sinh() / k)
    } else if mu < 0.0 {
        (kt.cos(), kt.sin() / k)
    } else {
        (1.0, t)
    };
    let z = mu * t * t;
    if z.abs() <= SERIES_LIMIT {
        let mut leading = t * t / 2.0;
        for (n, fn_) in f.iter_mut().enumerate().skip(2) {
            *fn_ = series(leading, z, n);
            leading *= t / (n + 1) as f64;
        }
    } else {
        let mut power = 1.0; // t^(n−2)/(n−2)!
        for n in 2..COUNT {
            f[n] = (f[n - 2] - power) / mu;
            power *= t / (n - 1) as f64;
        }
    }
    f
}

/// `Σ_m leading · z^m · n!/(n+2m)!` where `leading = t^n/n!`.
fn series(leading: f64, z: f64, n: usize) -> f64 {
    let mut term = leading;
    let mut sum = term;
    for m in 0..400 {
        let j = (n + 2 * m) as f64;
        term *= z / ((j + 1.0) * (j + 2.0));
        sum += term;
        if term.abs() <= 1e-17 * sum.abs() {
            break;
        }
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_functions_are_the_closed_forms_on_both_sides_of_the_series_limit() {
        // compression, k = 3: F_2 = (1 − cos kt)/k², F_3 = (kt − sin kt)/k³,
        // F_4 = (k²t²/2 − 1 + cos kt)/k⁴, F_5 = (k³t³/6 − kt + sin kt)/k⁵
        for t in [0.5, 2.0, 5.0] {
            let k: f64 = 3.0;
            let kt = k * t;
            let f = basis(-k * k, t);
            let want = [
                kt.cos(),
                kt.sin() / k,
                (1.0 - kt.cos()) / k.powi(2),
                (kt - kt.sin()) / k.powi(3),
                (kt * kt / 2.0 - 1.0 + kt.cos()) / k.powi(4),
                (kt.powi(3) / 6.0 - kt + kt.sin()) / k.powi(5),
            ];
            for (n, (g, w)) in f.iter().zip(want).enumerate() {
                let scale = t.powi(n as i32);
                assert!((g - w).abs() <= 1e-12 * scale, "t {t} F{n}: {g} vs {w}");
            }
            // tension: the hyperbolic forms
            let f = basis(k * k, t);
            let want = [
                kt.cosh(),
                kt.sinh() / k,
                (kt.cosh() - 1.0) / k.powi(2),
                (kt.sinh() - kt) / k.powi(3),
            ];
            for (n, (g, w)) in f.iter().zip(want).enumerate() {
                assert!((g - w).abs() <= 1e-12 * w.abs(), "t {t} F{n}: {g} vs {w}");
            }
        }
    }

    #[test]
    fn a_vanishing_axial_force_gives_the_polynomials() {
        let f = basis(1e-300, 2.0);
        let want = [1.0, 2.0, 2.0, 8.0 / 6.0, 16.0 / 24.0, 32.0 / 120.0];
        for (g, w) in f.iter().zip(want) {
            assert!((g - w).abs() <= 1e-15 * w, "{g} vs {w}");
        }
    }
}
