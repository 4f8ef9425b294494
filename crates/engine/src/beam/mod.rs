//! Continuous beams: spans with their own EI, hinges, supports anywhere, loads in cases.
//!
//! The beam is cut into members at span joints and supports; each member is one bending element
//! (`discretise`). The analysis core ([`crate::analysis`]) factorises the stiffness once, solves each
//! load case present once, and every combination is the factored sum of those solutions (plus
//! settlements, always at factor 1; `combination`). Member diagrams (`response`, `sample`) and
//! extremes (`extremes`) come from exact integration ([`crate::member`]), not sampling.

mod combination;
mod discretise;
mod extremes;
mod members;
mod model;
pub(crate) mod pattern;
mod response;
mod sample;

pub use combination::{analyse_beam, solve_beam};
pub(crate) use extremes::larger;
pub use model::{
    BeamAnalysis, BeamDiagrams, BeamExtremes, BeamLoad, BeamModel, BeamReaction, BeamResult,
    Diagram, DiagramBounds, EnvelopeRequest, Extreme, PatternedBound, PatternedRange,
    PatternedReaction, PatternedResult, Piece, Range, Span, Support, SupportKind,
};
