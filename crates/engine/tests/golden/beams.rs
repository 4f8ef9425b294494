//! Beam builders shared by the golden beam tests (`golden_beams.rs`, `pattern_beams.rs`).
//! Units: kN, m; every span has E = 200 GPa, I = 1e-4 m⁴, so EI = 2e4 kN.m².

use spanwise_engine::beam::{Span, Support, SupportKind};

pub const E: f64 = 200e6; // kN/m² (200 GPa)
pub const I: f64 = 1e-4; // m⁴
pub const EI: f64 = E * I;

pub fn span(length: f64) -> Span {
    Span {
        length,
        e: E,
        i: I,
        hinge: false,
    }
}
pub fn support(kind: SupportKind, position: f64) -> Support {
    Support {
        kind,
        position,
        settlement: 0.0,
    }
}
pub fn pin(x: f64) -> Support {
    support(SupportKind::Pin, x)
}
pub fn roller(x: f64) -> Support {
    support(SupportKind::Roller, x)
}
