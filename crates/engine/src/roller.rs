//! What trusses and frames share about holding a node: the two directions its displacement dofs are
//! measured along (global x and y, or an inclined roller's rolling and normal directions, so that the
//! roller is an exact constraint), and naming the way a free node moves.

use crate::error::{Direction, EngineError};

/// A direction component this small is rounding left by degrees-to-radians conversion
/// (cos 90° = 6e-17): a roller at a multiple of 90° is then exactly axis-aligned.
const ROUNDING: f64 = 1e-15;

/// A roller settlement component along the rolling direction smaller than this fraction of the
/// settlement is rounding, not something the user asked for.
const ALONG_ROLLING: f64 = 1e-9;

/// Two unit vectors (global axes) a node's two displacement dofs are measured along.
pub type Axes = [[f64; 2]; 2];

/// Global x and y.
pub const GLOBAL_AXES: Axes = [[1.0, 0.0], [0.0, 1.0]];

/// `a · b`.
pub fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// A roller rolling along `angle` (rad, counter-clockwise from +x): its rolling direction, then its
/// normal (the one it restrains), with rounding noise in a component cleared.
pub fn roller_axes(angle: f64) -> Axes {
    let clean = |c: f64| if c.abs() < ROUNDING { 0.0 } else { c };
    let rolling = [clean(angle.cos()), clean(angle.sin())];
    [rolling, [-rolling[1], rolling[0]]]
}

/// The settlement a roller at `axes` imposes (its normal component), and the advisory when part of
/// it lies along the rolling direction, where a roller cannot impose anything.
pub fn roller_settlement(axes: &Axes, settlement: [f64; 2]) -> (f64, Option<String>) {
    let along = dot(settlement, axes[0]);
    let warning = (along.abs() > ALONG_ROLLING * settlement[0].hypot(settlement[1])).then(|| {
        "the roller's settlement along its rolling direction has no effect: a roller cannot impose a \
         displacement it lets happen"
            .to_string()
    });
    (dot(settlement, axes[1]), warning)
}

/// The mechanism error for a free displacement dof measured along `axis` at a node, named by the
/// nearer of horizontal and vertical.
pub fn translation_mechanism(node: usize, axis: [f64; 2], at: [f64; 2]) -> EngineError {
    let direction = if axis[0].abs() >= axis[1].abs() {
        Direction::Horizontal
    } else {
        Direction::Vertical
    };
    EngineError::Mechanism {
        node,
        direction,
        x: at[0],
        y: at[1],
    }
}
