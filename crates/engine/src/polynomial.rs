//! Polynomials in one variable, the exact form of every member diagram.
//!
//! A distributed load of degree two integrates to shear (3), moment (4), rotation (5) and
//! deflection (6), so eight coefficients are always enough.

/// Coefficients `c[k]` of `t^k`, lowest first.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Poly {
    /// Coefficients, lowest power first.
    pub c: [f64; Poly::CAPACITY],
}

impl Poly {
    /// Number of coefficients held.
    pub const CAPACITY: usize = 8;

    /// The constant polynomial `value`.
    pub fn constant(value: f64) -> Self {
        let mut c = [0.0; Self::CAPACITY];
        c[0] = value;
        Poly { c }
    }

    /// A polynomial from its lowest coefficients (the rest are zero).
    pub fn from_coefficients(coefficients: &[f64]) -> Self {
        let mut c = [0.0; Self::CAPACITY];
        for (slot, value) in c.iter_mut().zip(coefficients) {
            *slot = *value;
        }
        Poly { c }
    }

    /// Value at `t` (Horner).
    pub fn eval(&self, t: f64) -> f64 {
        self.c.iter().rev().fold(0.0, |acc, &k| acc * t + k)
    }

    /// Value at `t` when no coefficient above `degree` is non-zero: Horner over the ones that are,
    /// for evaluating one polynomial at many points.
    pub fn eval_to(&self, t: f64, degree: usize) -> f64 {
        self.c[..=degree.min(Self::CAPACITY - 1)]
            .iter()
            .rev()
            .fold(0.0, |acc, &k| acc * t + k)
    }

    /// Highest power with a non-zero coefficient (0 for a constant).
    pub fn degree(&self) -> usize {
        self.c.iter().rposition(|&k| k != 0.0).unwrap_or(0)
    }

    /// Antiderivative that is `start` at `t = 0`. The highest coefficient is dropped, which
    /// never happens for member diagrams (degree at most 6).
    pub fn integral(&self, start: f64) -> Self {
        let mut c = [0.0; Self::CAPACITY];
        c[0] = start;
        for k in 0..Self::CAPACITY - 1 {
            c[k + 1] = self.c[k] / (k as f64 + 1.0);
        }
        Poly { c }
    }

    /// First derivative.
    pub fn derivative(&self) -> Self {
        let mut c = [0.0; Self::CAPACITY];
        for k in 1..Self::CAPACITY {
            c[k - 1] = self.c[k] * k as f64;
        }
        Poly { c }
    }

    /// `self * factor`.
    pub fn scaled(&self, factor: f64) -> Self {
        let mut c = self.c;
        c.iter_mut().for_each(|k| *k *= factor);
        Poly { c }
    }

    /// `self + other`.
    pub fn plus(&self, other: &Poly) -> Self {
        let mut c = self.c;
        for (k, o) in c.iter_mut().zip(other.c.iter()) {
            *k += o;
        }
        Poly { c }
    }

    /// `self += other * factor`, in place (superposing load cases).
    pub fn add_scaled(&mut self, other: &Poly, factor: f64) {
        for (k, o) in self.c.iter_mut().zip(other.c.iter()) {
            *k += o * factor;
        }
    }

    /// Bernstein coefficients over `[0, length]` in `basis` (of a degree at least the polynomial's):
    /// the first and last are the end values, and the curve lies within their hull. They are linear
    /// in the polynomial, so load cases' coefficients superpose like the polynomials themselves.
    pub fn bernstein_with(&self, length: f64, basis: &BernsteinBasis) -> [f64; Self::CAPACITY] {
        let mut b = [0.0; Self::CAPACITY];
        self.bernstein_into(length, basis, &mut b);
        b
    }

    /// [`Poly::bernstein_with`] into `b` (coefficients above the basis's degree are left as they are).
    pub fn bernstein_into(
        &self,
        length: f64,
        basis: &BernsteinBasis,
        b: &mut [f64; Self::CAPACITY],
    ) {
        let mut scaled = self.c;
        let mut power = 1.0;
        for a in scaled.iter_mut() {
            *a *= power;
            power *= length;
        }
        for (i, (bi, row)) in b
            .iter_mut()
            .zip(&basis.ratios)
            .enumerate()
            .take(basis.degree + 1)
        {
            *bi = row
                .iter()
                .zip(&scaled)
                .take(i + 1)
                .map(|(r, a)| r * a)
                .sum();
        }
    }

    /// The same function with its origin moved to `a`: `q(t) = p(t + a)`.
    pub fn shifted(&self, a: f64) -> Self {
        if a == 0.0 {
            return *self;
        }
        // Expand each (t + a)^k by the binomial theorem.
        let mut c = [0.0; Self::CAPACITY];
        for k in 0..Self::CAPACITY {
            let ck = self.c[k];
            if ck == 0.0 {
                continue;
            }
            let mut binom = 1.0;
            for (j, cj) in c.iter_mut().enumerate().take(k + 1) {
                // term C(k, j) a^(k-j) t^j
                *cj += ck * binom * a.powi((k - j) as i32);
                binom = binom * (k - j) as f64 / (j as f64 + 1.0);
            }
        }
        Poly { c }
    }

    /// Real roots in `[lo, hi]`, ascending. Roots are isolated between consecutive critical points
    /// (found recursively from the derivative) and refined by safeguarded Newton, so none is missed
    /// where the polynomial changes sign; a touching root is returned when it lands on a critical point.
    pub fn roots_in(&self, lo: f64, hi: f64) -> Vec<f64> {
        if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) {
            return Vec::new();
        }
        match self.degree() {
            0 => Vec::new(),
            1 => {
                let r = -self.c[0] / self.c[1];
                if r >= lo && r <= hi {
                    vec![r]
                } else {
                    Vec::new()
                }
            }
            _ => self.roots_between(lo, hi, &self.derivative().roots_in(lo, hi)),
        }
    }

    /// Real roots in `[lo, hi]` when the derivative's roots there (`fences`, ascending) are known
    /// already: the member functions form a chain (each the integral of the last), so one pass down
    /// the chain finds every function's stationary points without repeating the recursion.
    pub fn roots_between(&self, lo: f64, hi: f64, fences: &[f64]) -> Vec<f64> {
        let mut roots = Vec::new();
        if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) {
            return roots;
        }
        if self.degree() <= 1 {
            return self.roots_in(lo, hi);
        }
        let derivative = self.derivative();
        let mut a = lo;
        let mut fa = self.eval(a);
        for &b in fences
            .iter()
            .filter(|&&f| f > lo && f < hi)
            .chain(std::iter::once(&hi))
        {
            let fb = self.eval(b);
            if fa == 0.0 {
                push_distinct(&mut roots, a);
            } else if fa * fb < 0.0 {
                push_distinct(&mut roots, refine(self, &derivative, a, b, fa));
            }
            a = b;
            fa = fb;
        }
        if fa == 0.0 {
            push_distinct(&mut roots, hi);
        }
        roots
    }
}

/// The change from power to Bernstein basis of one degree: `b_i = Σ_k C(i, k) / C(n, k) a_k`.
#[derive(Clone, Copy, Debug)]
pub struct BernsteinBasis {
    degree: usize,
    ratios: [[f64; Poly::CAPACITY]; Poly::CAPACITY],
}

impl BernsteinBasis {
    /// The basis change for degree `n` (at most 7).
    pub fn of_degree(n: usize) -> Self {
        let n = n.min(Poly::CAPACITY - 1);
        let mut ratios = [[0.0; Poly::CAPACITY]; Poly::CAPACITY];
        for (i, row) in ratios.iter_mut().enumerate().take(n + 1) {
            let mut ratio = 1.0;
            row[0] = 1.0;
            for (k, r) in row.iter_mut().enumerate().take(i + 1).skip(1) {
                ratio *= (i + 1 - k) as f64 / (n + 1 - k) as f64;
                *r = ratio;
            }
        }
        BernsteinBasis { degree: n, ratios }
    }
}

fn push_distinct(roots: &mut Vec<f64>, r: f64) {
    if roots.last().is_none_or(|&last| r > last) {
        roots.push(r);
    }
}

/// The one root in `[a, b]` where `p` changes sign and is monotonic: Newton steps while they stay inside
/// the bracket, bisection otherwise, until the bracket stops shrinking.
fn refine(p: &Poly, dp: &Poly, mut a: f64, mut b: f64, fa: f64) -> f64 {
    let rising = fa < 0.0;
    let mut x = 0.5 * (a + b);
    for _ in 0..100 {
        let fx = p.eval(x);
        if fx == 0.0 {
            return x;
        }
        if (fx < 0.0) == rising {
            a = x;
        } else {
            b = x;
        }
        let d = dp.eval(x);
        let newton = x - fx / d;
        let next = if newton > a && newton < b {
            newton
        } else {
            0.5 * (a + b)
        };
        if next == x || b - a <= 4.0 * f64::EPSILON * a.abs().max(b.abs()) {
            return next;
        }
        x = next;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_reproduces_values() {
        let p = Poly::from_coefficients(&[1.0, -2.0, 0.5, 3.0]);
        let q = p.shifted(1.5);
        for t in [-1.0, 0.0, 0.7, 2.0] {
            assert!((q.eval(t) - p.eval(t + 1.5)).abs() < 1e-12);
        }
    }

    #[test]
    fn integral_and_derivative_are_inverse() {
        let p = Poly::from_coefficients(&[2.0, 3.0, -1.0]);
        let back = p.integral(7.0).derivative();
        assert_eq!(back.c[..3], p.c[..3]);
    }

    #[test]
    fn bernstein_bounds_enclose_the_curve() {
        // t³ - 6t² + 11t - 6 on [0, 4]: values from -6 at 0 to 6 at 4, with a bump between 1 and 2
        let p = Poly::from_coefficients(&[-6.0, 11.0, -6.0, 1.0]);
        let b = p.bernstein_with(4.0, &BernsteinBasis::of_degree(3));
        let (low, high) = b[..4]
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
                (l.min(v), h.max(v))
            });
        // the first and last coefficients are the end values
        assert!((b[0] + 6.0).abs() < 1e-12 && (b[3] - 6.0).abs() < 1e-12);
        for k in 0..=400 {
            let v = p.eval(k as f64 / 100.0);
            assert!(v >= low - 1e-12 && v <= high + 1e-12);
        }
        assert!(low <= -6.0 && high >= 6.0);
    }

    #[test]
    fn roots_of_cubic() {
        // (t - 1)(t - 2)(t - 3) = t^3 - 6t^2 + 11t - 6
        let p = Poly::from_coefficients(&[-6.0, 11.0, -6.0, 1.0]);
        let r = p.roots_in(0.0, 4.0);
        assert_eq!(r.len(), 3);
        for (got, want) in r.iter().zip([1.0, 2.0, 3.0]) {
            assert!((got - want).abs() < 1e-12);
        }
    }
}
