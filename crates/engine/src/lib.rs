//! Spanwise engine: linear-elastic analysis of beams and plane trusses by the stiffness method, and
//! properties of cross-sections built from shapes (`section`, scale-free geometry).
//!
//! Everything here is in consistent SI units (kN, m, kN/m², m⁴, rad) with +y up and
//! counter-clockwise moments positive. The service converts units and presentation signs.
//!
//! ```
//! use spanwise_engine::beam::{solve_beam, BeamModel, BeamLoad, Span, Support, SupportKind};
//! // A 6 m simply supported beam with 10 kN/m downward: midspan moment wL²/8 = 45 kN.m.
//! let model = BeamModel {
//!     spans: vec![Span { length: 6.0, e: 200e6, i: 1e-4, hinge: false }],
//!     supports: vec![
//!         Support { kind: SupportKind::Pin, position: 0.0, settlement: 0.0 },
//!         Support { kind: SupportKind::Roller, position: 6.0, settlement: 0.0 },
//!     ],
//!     loads: vec![BeamLoad::Line { from: 0.0, to: 6.0, q: [-10.0, 0.0, 0.0], case: 0 }],
//!     pattern: vec![],
//! };
//! let results = solve_beam(&model, &[vec![1.0]]).unwrap();
//! assert!((results[0].extremes.moment.max.value - 45.0).abs() < 1e-9);
//! ```

pub mod analysis;
pub mod arrangement;
pub mod beam;
pub mod error;
pub mod frame;
pub mod lattice;
pub mod member;
pub mod numbering;
pub mod polynomial;
pub mod roller;
pub mod section;
pub mod skyline;
pub mod truss;

pub use error::{Direction, EngineError};
