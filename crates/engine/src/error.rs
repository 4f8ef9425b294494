//! The one error type of the engine: every failure is a value, never a panic.

use serde::Serialize;

/// Which way a mechanism can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Along global x.
    Horizontal,
    /// Along global y.
    Vertical,
    /// Rotation in the x-y plane.
    Rotation,
}

/// Why a model could not be solved.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum EngineError {
    /// The model breaks a rule the engine relies on (checked again at the boundary).
    InvalidModel {
        /// What is wrong, for a person.
        message: String,
    },
    /// The structure can move without straining: a mechanism.
    Mechanism {
        /// Index of the node in the model's node list.
        node: usize,
        /// The free direction found at that node.
        direction: Direction,
        /// Node coordinates (m).
        x: f64,
        /// Node coordinates (m).
        y: f64,
    },
    /// Numbers overflowed or became undefined (an extreme model).
    NonFinite {
        /// What became non-finite.
        message: String,
    },
    /// A second-order analysis whose loads reach or pass the elastic critical load.
    Buckling {
        /// Index of the load arrangement (combination) that buckles.
        arrangement: usize,
    },
    /// An iteration that did not converge.
    NotConverged {
        /// What did not converge, for a person.
        message: String,
    },
}

impl EngineError {
    /// Shorthand for [`EngineError::InvalidModel`].
    pub fn invalid(message: impl Into<String>) -> Self {
        EngineError::InvalidModel {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::InvalidModel { message } => write!(f, "invalid model: {message}"),
            EngineError::Mechanism {
                node,
                direction,
                x,
                y,
            } => {
                write!(
                    f,
                    "mechanism at node {node} ({x}, {y}) moving {direction:?}"
                )
            }
            EngineError::NonFinite { message } => write!(f, "non-finite result: {message}"),
            EngineError::Buckling { arrangement } => {
                write!(
                    f,
                    "load arrangement {arrangement} reaches its elastic critical load"
                )
            }
            EngineError::NotConverged { message } => write!(f, "did not converge: {message}"),
        }
    }
}

impl std::error::Error for EngineError {}
