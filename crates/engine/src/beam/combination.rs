//! Every combination of a beam's load cases from one factorisation, and the envelopes (pointwise
//! bounds of a diagram over a group of combinations) taken as each combination is summed, so that
//! no combination's diagrams need to be kept or handed over.

use super::discretise::{discretise, Discretised};
use super::extremes::{extremes, segment_slots};
use super::model::{
    validate, BeamAnalysis, BeamDiagrams, BeamModel, BeamResult, Diagram, DiagramBounds,
    EnvelopeRequest, PatternedRange, PatternedResult,
};
use super::pattern::{self, Arranged, SlotRanges};
use super::response::{response, superpose, superpose_reactions, Component};
use super::sample::sample;
use crate::analysis::{factor, Nodes, Solutions, System};
use crate::error::EngineError;

/// Solves the beam for each combination (factors indexed by case; missing factors are 0).
pub fn solve_beam(
    model: &BeamModel,
    combinations: &[Vec<f64>],
) -> Result<Vec<BeamResult>, EngineError> {
    analyse_beam(model, combinations, &[], combinations.len()).map(|a| a.results)
}

/// Solves the beam for each combination and bounds diagrams over groups of them. Envelopes are
/// taken while each combination's samples are summed, so a combination's diagrams are only kept
/// (and handed back) for the first `keep_diagrams` results.
pub fn analyse_beam(
    model: &BeamModel,
    combinations: &[Vec<f64>],
    envelopes: &[EnvelopeRequest],
    keep_diagrams: usize,
) -> Result<BeamAnalysis, EngineError> {
    if let Some(bad) = envelopes
        .iter()
        .flat_map(|e| &e.combinations)
        .find(|&&i| i >= combinations.len())
    {
        return Err(EngineError::invalid(format!(
            "envelope names combination {bad}, which does not exist"
        )));
    }
    validate(model)?;
    let beam = discretise(model)?;
    let system = System::factorise(
        Nodes { per_node: 1 },
        &beam.prescribed,
        &beam.members,
        |dof| beam.mechanism(dof),
    )?;
    // One solve per load case present, and one for the settlements.
    let solutions = system.solve_cases(
        beam.cases.iter().map(|c| (c.case, c.forces(&beam.members))),
        beam.settlement_forces().map(|f| (f, &beam.imposed[..])),
    );
    let mut combiner = Combiner {
        beam: &beam,
        solutions: &solutions,
        envelopes,
        keep_diagrams,
        bounds: vec![DiagramBounds::default(); envelopes.len()],
    };
    let pieces = beam.pieces();
    // Few combinations: each one directly. Many, or pieces to arrange: through the load sets' own
    // responses.
    let results = if combinations.len() <= beam.cases.len() + 1 && pieces.is_empty() {
        combinations
            .iter()
            .enumerate()
            .map(|(i, factors)| {
                let result = combiner.direct(factors);
                combiner.finish(i, result, None)
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        combiner.through_components(combinations)?
    };
    bounded(BeamAnalysis {
        results,
        envelopes: combiner.bounds,
        pieces,
    })
}

/// Sums the combinations of one solved beam and bounds the requested envelopes as it goes.
struct Combiner<'a> {
    beam: &'a Discretised,
    solutions: &'a Solutions,
    envelopes: &'a [EnvelopeRequest],
    keep_diagrams: usize,
    bounds: Vec<DiagramBounds>,
}

impl Combiner<'_> {
    /// Bounds each envelope that includes combination `i` (by its bounds over every arrangement
    /// when it has pieces: `arranged`, by diagram); keeps the diagrams only where asked.
    fn finish(
        &mut self,
        i: usize,
        mut result: BeamResult,
        arranged: Option<&[Option<DiagramBounds>; 4]>,
    ) -> Result<BeamResult, EngineError> {
        for (b, e) in self.bounds.iter_mut().zip(self.envelopes) {
            if e.combinations.contains(&i) {
                let own = e.diagram.of(&result.diagrams);
                match arranged.and_then(|a| a[e.diagram as usize].as_ref()) {
                    Some(a) => widen(b, &a.max, &a.min),
                    None => widen(b, own, own),
                }
            }
        }
        if i >= self.keep_diagrams {
            result.diagrams = BeamDiagrams::default();
        }
        if finite(&result) {
            Ok(result)
        } else {
            Err(EngineError::NonFinite {
                message: "the beam's results overflowed".into(),
            })
        }
    }

    /// The diagrams combination `i` needs: all four when kept, else those its envelopes bound.
    fn needed(&self, i: usize) -> [bool; 4] {
        let bounded = self.bounded(i);
        Diagram::ALL.map(|d| i < self.keep_diagrams || bounded[d as usize])
    }

    /// The diagrams the envelopes bound over combination `i`.
    fn bounded(&self, i: usize) -> [bool; 4] {
        Diagram::ALL.map(|d| {
            self.envelopes
                .iter()
                .any(|e| e.diagram == d && e.combinations.contains(&i))
        })
    }

    /// One combination integrated directly from its superposed displacements, with all its diagrams.
    fn direct(&self, factors: &[f64]) -> BeamResult {
        let d = self.solutions.combined(factors);
        let combined = response(self.beam, &d, &|k| factor(factors, self.beam.cases[k].case));
        BeamResult {
            diagrams: sample(self.beam, &combined.members, [true; 4]),
            extremes: extremes(&[(1.0, &combined)], &self.beam.span_ends),
            reactions: combined.reactions,
            pattern: None,
        }
    }

    /// Integrates and samples each load set (each case, each piece, and the settlements) once; a
    /// combination is their factored sum, polynomial by polynomial and sample by sample, so no
    /// combination integrates anything again. The results that keep their diagrams are solved
    /// directly, so the sets are sampled only for the diagrams the envelopes bound (with pieces:
    /// the fixed sets and the pieces, whose bounds over every arrangement the envelopes take).
    fn through_components(
        &mut self,
        combinations: &[Vec<f64>],
    ) -> Result<Vec<BeamResult>, EngineError> {
        let components = self.components();
        let pieces = Pieces::of(&components);
        let summed = (self.keep_diagrams..combinations.len())
            .map(|i| self.needed(i))
            .chain((0..combinations.len()).map(|i| self.bounded(i)))
            .fold([false; 4], |a, b| std::array::from_fn(|d| a[d] || b[d]));
        let samples: Vec<BeamDiagrams> = components
            .iter()
            .map(|c| sample(self.beam, &c.response.members, summed))
            .collect();
        // a fully loaded combination through the patterned cases' sums of pieces: as many parts as
        // without a pattern
        let whole: Vec<(Option<usize>, &Component)> = components
            .iter()
            .filter(|c| c.piece.is_none())
            .map(|c| (c.case, &c.response))
            .chain(pieces.totals.iter().map(|(case, c)| (Some(*case), c)))
            .collect();
        let mut results = Vec::with_capacity(combinations.len());
        for (i, factors) in combinations.iter().enumerate() {
            // settlements act at factor 1 in every combination
            let of = |case: Option<usize>| case.map_or(1.0, |c| factor(factors, c));
            let mut result = if i < self.keep_diagrams {
                self.direct(factors)
            } else {
                let parts: Vec<(f64, &Component)> =
                    whole.iter().map(|&(c, r)| (of(c), r)).collect();
                let sampled: Vec<(f64, &BeamDiagrams)> = components
                    .iter()
                    .map(|c| of(c.case))
                    .zip(&samples)
                    .collect();
                // with pieces the envelopes take their bounds, not this combination's diagrams
                let wanted = if pieces.totals.is_empty() {
                    self.needed(i)
                } else {
                    [false; 4]
                };
                BeamResult {
                    diagrams: superpose_samples(&sampled, wanted),
                    extremes: extremes(&parts, &self.beam.span_ends),
                    reactions: superpose_reactions(&parts),
                    pattern: None,
                }
            };
            let bounded = self.bounded(i);
            if pieces.totals.is_empty() || !bounded.contains(&true) {
                results.push(self.finish(i, result, None)?);
                continue;
            }
            let (patterned, series) = pieces.arrange(&components, &samples, factors, bounded);
            result.pattern = Some(patterned);
            results.push(self.finish(i, result, Some(&series))?);
        }
        Ok(results)
    }

    /// Each load set's own response (each solved at factor 1), and the settlements'.
    fn components(&self) -> Vec<SetResponse> {
        let beam = self.beam;
        let mut pieces = 0..;
        let mut components: Vec<SetResponse> = self
            .solutions
            .cases
            .iter()
            .zip(&beam.cases)
            .enumerate()
            .map(|(j, ((case, dc), set))| {
                let only = |k: usize| if k == j { 1.0 } else { 0.0 };
                SetResponse {
                    case: Some(*case),
                    piece: set.piece.and_then(|_| pieces.next()),
                    response: response(beam, dc, &only),
                }
            })
            .collect();
        components.push(SetResponse {
            case: None,
            piece: None,
            response: response(beam, &self.solutions.imposed, &|_| 0.0),
        });
        components
    }
}

/// The response of one load set: a case (`piece` None), a piece of a patterned case (numbered as
/// in `BeamAnalysis::pieces`), or the settlements (`case` None).
struct SetResponse {
    case: Option<usize>,
    piece: Option<usize>,
    response: Component,
}

/// What every combination's arrangements share: each patterned case's total (the sum of its pieces,
/// for the fully loaded combination), the beam's segments, and each piece's coefficient ranges.
struct Pieces {
    totals: Vec<(usize, Component)>,
    slots: Vec<(usize, usize, f64, f64)>,
    /// Per component (empty for those that are not pieces).
    ranges: Vec<Vec<SlotRanges>>,
    /// Per patterned case (as `totals`): its pieces' adverse ranges, summed.
    adverse: Vec<Vec<SlotRanges>>,
}

impl Pieces {
    fn of(components: &[SetResponse]) -> Pieces {
        let mut cases: Vec<usize> = components
            .iter()
            .filter(|c| c.piece.is_some())
            .filter_map(|c| c.case)
            .collect();
        cases.dedup();
        let totals: Vec<(usize, Component)> = cases
            .into_iter()
            .map(|case| {
                let parts: Vec<(f64, &Component)> = components
                    .iter()
                    .filter(|c| c.piece.is_some() && c.case == Some(case))
                    .map(|c| (1.0, &c.response))
                    .collect();
                (case, superpose(&parts))
            })
            .collect();
        let ranges: Vec<Vec<SlotRanges>> = components
            .iter()
            .map(|c| match c.piece {
                Some(_) => pattern::coefficient_ranges(&c.response),
                None => Vec::new(),
            })
            .collect();
        let adverse = totals
            .iter()
            .map(|(case, _)| {
                let of_case: Vec<&[SlotRanges]> = components
                    .iter()
                    .zip(&ranges)
                    .filter(|(c, _)| c.piece.is_some() && c.case == Some(*case))
                    .map(|(_, r)| &r[..])
                    .collect();
                pattern::adverse_ranges(&of_case)
            })
            .collect();
        Pieces {
            totals,
            slots: segment_slots(&components[0].response),
            ranges,
            adverse,
        }
    }

    /// One combination's bounds over every arrangement of its pieces: extremes and reactions, and
    /// the series of the diagrams `bounded`. `samples` follow `components`.
    fn arrange(
        &self,
        components: &[SetResponse],
        samples: &[BeamDiagrams],
        factors_by_case: &[f64],
        bounded: [bool; 4],
    ) -> (PatternedResult, [Option<DiagramBounds>; 4]) {
        // settlements act at factor 1 in every combination
        let factors: Vec<f64> = components
            .iter()
            .map(|c| c.case.map_or(1.0, |case| factor(factors_by_case, case)))
            .collect();
        let mut arranged = Arranged {
            fixed: Vec::new(),
            pieces: Vec::new(),
            ranges: Vec::new(),
            cases: (self.totals.iter().zip(&self.adverse))
                .map(|((case, _), sums)| (factor(factors_by_case, *case), &sums[..]))
                .collect(),
            slots: &self.slots,
        };
        for ((c, &f), ranges) in components.iter().zip(&factors).zip(&self.ranges) {
            match c.piece {
                Some(k) => {
                    arranged.pieces.push((k, f, &c.response));
                    arranged.ranges.push(ranges);
                }
                None => arranged.fixed.push((f, &c.response)),
            }
        }
        let series = Diagram::ALL.map(|d| {
            bounded[d as usize].then(|| {
                let of = |piece: bool| -> Vec<(f64, &[[f64; 2]])> {
                    components
                        .iter()
                        .zip(&factors)
                        .zip(samples)
                        .filter(|((c, _), _)| c.piece.is_some() == piece)
                        .map(|((_, &f), s)| (f, &d.of(s)[..]))
                        .collect()
                };
                pattern::series_bounds(&of(false), &of(true))
            })
        });
        let functions = [Diagram::Shear, Diagram::Moment, Diagram::Deflection];
        let wanted = functions.map(|d| bounded[d as usize]);
        // the series' own largest and smallest are reached, so only segments that could beat them
        // are searched
        let seeds = functions.map(|d| match &series[d as usize] {
            Some(b) => [
                b.max.iter().fold(f64::NEG_INFINITY, |m, p| m.max(p[1])),
                b.min.iter().fold(f64::INFINITY, |m, p| m.min(p[1])),
            ],
            None => [f64::NEG_INFINITY, f64::INFINITY],
        });
        let [shear, moment, deflection] = pattern::extremes(&arranged, wanted, seeds);
        let patterned = PatternedResult {
            shear,
            moment,
            deflection,
            reactions: pattern::reactions(&arranged),
        };
        (patterned, series)
    }
}

/// The analysis, unless an envelope overflowed (results are checked one by one as they are made).
fn bounded(analysis: BeamAnalysis) -> Result<BeamAnalysis, EngineError> {
    let finite_series = |s: &[[f64; 2]]| s.iter().all(|p| p[0].is_finite() && p[1].is_finite());
    if analysis
        .envelopes
        .iter()
        .all(|b| finite_series(&b.max) && finite_series(&b.min))
    {
        Ok(analysis)
    } else {
        Err(EngineError::NonFinite {
            message: "an envelope of the beam's results overflowed".into(),
        })
    }
}

/// Widens envelope bounds by one combination's largest and smallest series (the first one sets
/// them).
fn widen(bounds: &mut DiagramBounds, max: &[[f64; 2]], min: &[[f64; 2]]) {
    if bounds.max.is_empty() {
        bounds.max = max.to_vec();
        bounds.min = min.to_vec();
        return;
    }
    for (hi, s) in bounds.max.iter_mut().zip(max) {
        hi[1] = hi[1].max(s[1]);
    }
    for (lo, s) in bounds.min.iter_mut().zip(min) {
        lo[1] = lo[1].min(s[1]);
    }
}

/// `Σ factor × samples`, position by position (every component is sampled at the same positions),
/// for the diagrams `wanted` (the others stay empty).
fn superpose_samples(parts: &[(f64, &BeamDiagrams)], wanted: [bool; 4]) -> BeamDiagrams {
    let first = parts[0].1;
    let mut sum = BeamDiagrams::default();
    for (d, _) in Diagram::ALL.iter().zip(wanted).filter(|(_, w)| *w) {
        let total = d.of_mut(&mut sum);
        *total = d.of(first).iter().map(|p| [p[0], 0.0]).collect();
        for &(factor, part) in parts.iter().filter(|(f, _)| *f != 0.0) {
            for (t, s) in total.iter_mut().zip(d.of(part)) {
                t[1] += factor * s[1];
            }
        }
    }
    sum
}

/// Every value of a combination's bounds over its arrangements is finite.
fn finite_pattern(p: &PatternedResult) -> bool {
    let range = |r: &PatternedRange| r.max.value.is_finite() && r.min.value.is_finite();
    [&p.shear, &p.moment, &p.deflection]
        .iter()
        .all(|r| r.as_ref().is_none_or(range))
        && p.reactions
            .iter()
            .all(|r| range(&r.vertical) && range(&r.moment))
}

fn finite(r: &BeamResult) -> bool {
    let series = [
        &r.diagrams.shear,
        &r.diagrams.moment,
        &r.diagrams.rotation,
        &r.diagrams.deflection,
    ];
    r.pattern.as_ref().is_none_or(finite_pattern)
        && r.reactions
            .iter()
            .all(|x| x.vertical.is_finite() && x.moment.is_finite())
        && series
            .iter()
            .all(|s| s.iter().all(|p| p[0].is_finite() && p[1].is_finite()))
}
