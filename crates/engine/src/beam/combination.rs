//! Every combination of a beam's load cases from one factorisation, and the envelopes (pointwise
//! bounds of a diagram over a group of combinations) taken as each combination is summed, so that
//! no combination's diagrams need to be kept or handed over.

use super::discretise::{discretise, Discretised};
use super::extremes::extremes;
use super::model::{
    validate, BeamAnalysis, BeamDiagrams, BeamModel, BeamResult, Diagram, DiagramBounds,
    EnvelopeRequest,
};
use super::response::{response, superpose_reactions, Component};
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
    // Few combinations: each one directly. Many: through the cases' own responses.
    let results = if combinations.len() <= beam.cases.len() + 1 {
        combinations
            .iter()
            .enumerate()
            .map(|(i, factors)| {
                let result = combiner.direct(factors);
                combiner.finish(i, result)
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        combiner.through_components(combinations)?
    };
    bounded(BeamAnalysis {
        results,
        envelopes: combiner.bounds,
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
    /// Bounds each envelope that includes combination `i`; keeps the diagrams only where asked.
    fn finish(&mut self, i: usize, mut result: BeamResult) -> Result<BeamResult, EngineError> {
        for (b, e) in self.bounds.iter_mut().zip(self.envelopes) {
            if e.combinations.contains(&i) {
                widen(b, e.diagram.of(&result.diagrams));
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
        Diagram::ALL.map(|d| {
            i < self.keep_diagrams
                || self
                    .envelopes
                    .iter()
                    .any(|e| e.diagram == d && e.combinations.contains(&i))
        })
    }

    /// One combination integrated directly from its superposed displacements, with all its diagrams.
    fn direct(&self, factors: &[f64]) -> BeamResult {
        let d = self.solutions.combined(factors);
        let combined = response(self.beam, &d, &|case| factor(factors, case));
        BeamResult {
            diagrams: sample(self.beam, &combined.members, [true; 4]),
            extremes: extremes(&[(1.0, &combined)], &self.beam.span_ends),
            reactions: combined.reactions,
        }
    }

    /// Integrates and samples each load case (and the settlements) once; a combination is their
    /// factored sum, polynomial by polynomial and sample by sample, so no combination integrates
    /// anything again. The results that keep their diagrams are solved directly, so the cases are
    /// sampled only for the diagrams the envelopes bound.
    fn through_components(
        &mut self,
        combinations: &[Vec<f64>],
    ) -> Result<Vec<BeamResult>, EngineError> {
        let beam = self.beam;
        let mut components: Vec<(Option<usize>, Component)> = self
            .solutions
            .cases
            .iter()
            .map(|(case, dc)| {
                let only = |c: usize| if c == *case { 1.0 } else { 0.0 };
                (Some(*case), response(beam, dc, &only))
            })
            .collect();
        components.push((None, response(beam, &self.solutions.imposed, &|_| 0.0)));
        let summed = (self.keep_diagrams..combinations.len())
            .map(|i| self.needed(i))
            .fold([false; 4], |a, b| std::array::from_fn(|d| a[d] || b[d]));
        let samples: Vec<BeamDiagrams> = components
            .iter()
            .map(|(_, c)| sample(beam, &c.members, summed))
            .collect();
        let mut results = Vec::with_capacity(combinations.len());
        for (i, factors) in combinations.iter().enumerate() {
            let result = if i < self.keep_diagrams {
                self.direct(factors)
            } else {
                // settlements act at factor 1 in every combination
                let of = |case: &Option<usize>| case.map_or(1.0, |c| factor(factors, c));
                let parts: Vec<(f64, &Component)> =
                    components.iter().map(|(case, c)| (of(case), c)).collect();
                let sampled: Vec<(f64, &BeamDiagrams)> = components
                    .iter()
                    .zip(&samples)
                    .map(|((case, _), s)| (of(case), s))
                    .collect();
                BeamResult {
                    diagrams: superpose_samples(&sampled, self.needed(i)),
                    extremes: extremes(&parts, &beam.span_ends),
                    reactions: superpose_reactions(&parts),
                }
            };
            results.push(self.finish(i, result)?);
        }
        Ok(results)
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

/// Widens envelope bounds by one combination's series (the first one sets them).
fn widen(bounds: &mut DiagramBounds, series: &[[f64; 2]]) {
    if bounds.max.is_empty() {
        bounds.max = series.to_vec();
        bounds.min = series.to_vec();
        return;
    }
    for ((hi, lo), s) in bounds.max.iter_mut().zip(bounds.min.iter_mut()).zip(series) {
        hi[1] = hi[1].max(s[1]);
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

fn finite(r: &BeamResult) -> bool {
    let series = [
        &r.diagrams.shear,
        &r.diagrams.moment,
        &r.diagrams.rotation,
        &r.diagrams.deflection,
    ];
    r.reactions
        .iter()
        .all(|x| x.vertical.is_finite() && x.moment.is_finite())
        && series
            .iter()
            .all(|s| s.iter().all(|p| p[0].is_finite() && p[1].is_finite()))
}
