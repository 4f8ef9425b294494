//! A plane frame across the boundary: `FrameInput` built record by record, `FrameSolution` read by
//! result and column.

use spanwise_engine::frame::second_order::buckling::BucklingMode;
use spanwise_engine::frame::second_order::{analyse_frame, FrameOptions};
use spanwise_engine::frame::{
    solve_frame, solve_frame_patterned, Bounded, FrameAnalysis, FrameMember, FrameMemberResult,
    FrameModel, FramePatterned, FramePiece, FrameResult, FrameSettlement, FrameSupport,
    FrameSupportKind, LoadDirection, MemberLoad, MemberLoadKind, NodalLoad, Series,
};
use spanwise_engine::truss::Node;
use spanwise_engine::EngineError;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::{plain, refusal};

/// A frame being described to the engine (SI: kN, m, kN/m², m², m⁴; counter-clockwise moments;
/// indices from 0).
#[wasm_bindgen]
pub struct FrameInput {
    model: FrameModel,
    combinations: Vec<Vec<f64>>,
    /// Patterned cases (decisions.md 17) and what each combination bounds over their arrangements.
    pattern: Vec<usize>,
    bounded: Vec<Bounded>,
    /// A record the engine cannot take (an unknown support kind or direction), refused at `solve`.
    unreadable: Option<String>,
}

impl Default for FrameInput {
    fn default() -> Self {
        FrameInput {
            model: FrameModel {
                nodes: Vec::new(),
                members: Vec::new(),
                supports: Vec::new(),
                nodal_loads: Vec::new(),
                member_loads: Vec::new(),
            },
            combinations: Vec::new(),
            pattern: Vec::new(),
            bounded: Vec::new(),
            unreadable: None,
        }
    }
}

#[wasm_bindgen]
impl FrameInput {
    /// An empty frame.
    #[wasm_bindgen(constructor)]
    pub fn new() -> FrameInput {
        FrameInput::default()
    }

    /// The next node.
    pub fn node(&mut self, x: f64, y: f64) {
        self.model.nodes.push(Node { x, y });
    }

    /// The next beam-column, between two node indices, hinged at the ends released.
    #[allow(clippy::too_many_arguments)]
    pub fn member(
        &mut self,
        from: usize,
        to: usize,
        e: f64,
        a: f64,
        i: f64,
        release_start: bool,
        release_end: bool,
    ) {
        self.model.members.push(FrameMember {
            from,
            to,
            e,
            a,
            i,
            release_start,
            release_end,
        });
    }

    /// A support of kind `pin`, `roller` or `fixed`; a roller rolls along `angle` (rad); the
    /// settlement is global x and y (m) and a rotation (rad, counter-clockwise).
    pub fn support(&mut self, node: usize, kind: &str, angle: f64, x: f64, y: f64, rotation: f64) {
        let kind = match kind {
            "pin" => FrameSupportKind::Pin,
            "roller" => FrameSupportKind::Roller,
            "fixed" => FrameSupportKind::Fixed,
            other => return self.refuse(format!("no support kind {other:?}")),
        };
        let settlement = FrameSettlement { x, y, rotation };
        self.model.supports.push(FrameSupport {
            node,
            kind,
            angle,
            settlement,
        });
    }

    /// A force (kN) and counter-clockwise moment (kN.m) on a node, in a load case.
    #[wasm_bindgen(js_name = nodalLoad)]
    pub fn nodal_load(&mut self, node: usize, fx: f64, fy: f64, moment: f64, case: usize) {
        self.model.nodal_loads.push(NodalLoad {
            node,
            fx,
            fy,
            moment,
            case,
        });
    }

    /// A force (kN) at `at` (m from the member start) along `direction` (`globalX`, `globalY`,
    /// `localX`, `localY`), in a load case.
    #[wasm_bindgen(js_name = pointLoad)]
    pub fn point_load(&mut self, member: usize, at: f64, force: f64, direction: &str, case: usize) {
        let Some(direction) = self.direction(direction) else {
            return;
        };
        self.push_load(
            member,
            MemberLoadKind::Point {
                at,
                force,
                direction,
            },
            case,
        );
    }

    /// A load varying linearly from `start` at `from` to `end` at `to` (kN per metre of member)
    /// along `direction`, in a load case.
    #[wasm_bindgen(js_name = lineLoad)]
    #[allow(clippy::too_many_arguments)]
    pub fn line_load(
        &mut self,
        member: usize,
        from: f64,
        to: f64,
        start: f64,
        end: f64,
        direction: &str,
        case: usize,
    ) {
        let Some(direction) = self.direction(direction) else {
            return;
        };
        self.push_load(
            member,
            MemberLoadKind::Line {
                from,
                to,
                start,
                end,
                direction,
            },
            case,
        );
    }

    /// A counter-clockwise couple (kN.m) at `at` (m from the member start), in a load case.
    #[wasm_bindgen(js_name = momentLoad)]
    pub fn moment_load(&mut self, member: usize, at: f64, moment: f64, case: usize) {
        self.push_load(member, MemberLoadKind::Moment { at, moment }, case);
    }

    /// The next combination's factors, indexed by load case.
    pub fn combination(&mut self, factors: Vec<f64>) {
        self.combinations.push(factors);
    }

    /// Patterns a load case: its loads on each member, and on each node, may be present or absent
    /// independently, and the bounds asked for take the most adverse arrangement.
    pub fn pattern(&mut self, case: usize) {
        self.pattern.push(case);
    }

    /// What each combination, in order, bounds over every arrangement: a sum of 1 (reactions and
    /// member forces), 2 (node displacements) and 4 (member force bounds sampled, for a figure).
    pub fn bounds(&mut self, flags: Vec<u8>) {
        self.bounded = flags
            .iter()
            .map(|&f| Bounded {
                forces: f & 1 != 0,
                displacements: f & 2 != 0,
                series: f & 4 != 0,
            })
            .collect();
    }

    /// Every combination's results; the first `keep_diagrams` carry member diagrams. With a
    /// pattern, also each combination's bounds over every arrangement.
    pub fn solve(&self, keep_diagrams: usize) -> FrameSolution {
        if let Some(message) = &self.unreadable {
            let error = EngineError::invalid(format!("engine input: {message}"));
            return FrameSolution::of(Err(error));
        }
        if self.pattern.is_empty() {
            let analysis = solve_frame(&self.model, &self.combinations, keep_diagrams);
            return FrameSolution::of(analysis.map(|analysis| (analysis, Vec::new(), Vec::new())));
        }
        let (m, c) = (&self.model, &self.combinations);
        match solve_frame_patterned(m, &self.pattern, c, keep_diagrams, &self.bounded) {
            Ok(p) => {
                let mut solution = FrameSolution::of(Ok((p.analysis, Vec::new(), Vec::new())));
                solution.pattern = Some((p.pieces, p.bounds));
                solution
            }
            Err(error) => FrameSolution::of(Err(error)),
        }
    }

    /// As [`FrameInput::solve`], every combination in second order when `second_order` (each
    /// solved on its own, iterated on the axial forces), and the `buckling` lowest critical factors
    /// of each combination whose entry in `buckling_of` is 1.
    #[wasm_bindgen(js_name = solveWith)]
    pub fn solve_with(
        &self,
        keep_diagrams: usize,
        second_order: bool,
        buckling: usize,
        buckling_of: Vec<u8>,
    ) -> FrameSolution {
        let options = FrameOptions {
            second_order,
            buckling,
            buckling_of: buckling_of.iter().map(|&b| b != 0).collect(),
        };
        let analysis = match &self.unreadable {
            Some(message) => Err(EngineError::invalid(format!("engine input: {message}"))),
            None => analyse_frame(&self.model, &self.combinations, keep_diagrams, &options),
        };
        FrameSolution::of(analysis.map(|a| (a.analysis, a.iterations, a.buckling)))
    }
}

impl FrameInput {
    fn refuse(&mut self, message: String) {
        self.unreadable.get_or_insert(message);
    }

    fn direction(&mut self, name: &str) -> Option<LoadDirection> {
        let direction = match name {
            "globalX" => LoadDirection::GlobalX,
            "globalY" => LoadDirection::GlobalY,
            "localX" => LoadDirection::LocalX,
            "localY" => LoadDirection::LocalY,
            other => {
                self.refuse(format!("no load direction {other:?}"));
                return None;
            }
        };
        Some(direction)
    }

    fn push_load(&mut self, member: usize, kind: MemberLoadKind, case: usize) {
        self.model
            .member_loads
            .push(MemberLoad { member, kind, case });
    }
}

/// A solved frame, read result by result; a result index past the end reads as empty.
#[wasm_bindgen]
pub struct FrameSolution {
    error: Option<String>,
    analysis: Option<FrameAnalysis>,
    iterations: Vec<usize>,
    buckling: Vec<Vec<BucklingMode>>,
    /// With a pattern: the pieces and each combination's bounds.
    pub(crate) pattern: Option<(Vec<FramePiece>, Vec<FramePatterned>)>,
}

type Analysed = (FrameAnalysis, Vec<usize>, Vec<Vec<BucklingMode>>);

#[wasm_bindgen]
impl FrameSolution {
    /// The engine's refusal as `{"error": {...}}`, or nothing when the frame was solved.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// How many results (one per combination).
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> usize {
        self.analysis.as_ref().map_or(0, |a| a.results.len())
    }

    /// A result's reactions (`{node, horizontal, vertical, moment}`; kN, kN.m counter-clockwise), in
    /// the order of the supports.
    pub fn reactions(&self, result: usize) -> JsValue {
        plain(self.result(result).map(|r| &r.reactions))
    }

    /// One column of node displacements, in node order: `x`, `y` (m) or `rotation` (rad).
    pub fn displacements(&self, result: usize, column: &str) -> Vec<f64> {
        let Some(r) = self.result(result) else {
            return Vec::new();
        };
        let pick: fn(&spanwise_engine::frame::NodeDisplacement) -> f64 = match column {
            "x" => |d| d.x,
            "y" => |d| d.y,
            "rotation" => |d| d.rotation,
            _ => return Vec::new(),
        };
        r.displacements.iter().map(pick).collect()
    }

    /// Member columns of a result at once, one column after another in the order `columns`
    /// names them (comma-separated; each column in member order): one call and one copy per result
    /// rather than one per column. Columns: `length`; the internal forces just inside each end, `startAxial`, `startShear`,
    /// `startMoment`, `endAxial`, `endShear`, `endMoment`; and the exact extremes, `axialMax`,
    /// `axialMaxAt`, `axialMin`, `axialMinAt` and likewise for `shear`, `moment` and `deflection` (kN,
    /// kN.m, m; positions in m from the member start). An unknown column name reads as zeros.
    pub fn members(&self, result: usize, columns: &str) -> Vec<f64> {
        let Some(r) = self.result(result) else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity((columns.matches(',').count() + 1) * r.members.len());
        for column in columns.split(',') {
            match member_column(column) {
                Some(pick) => out.extend(r.members.iter().map(pick)),
                None => out.resize(out.len() + r.members.len(), 0.0),
            }
        }
        out
    }

    /// One diagram (`axial`, `shear`, `moment`, `deflection` along y') of every member, one after
    /// another, as `[x0, v0, x1, v1, ...]` (m from each member's start; kN, kN.m or m); empty unless
    /// the result kept its diagrams. `diagramPairs` says how many pairs each member has.
    pub fn diagram(&self, result: usize, diagram: &str) -> Vec<f64> {
        let Some(mut all) = self.series(result, diagram) else {
            return Vec::new();
        };
        // the engine keeps a result's diagram in one buffer, every member's part in order
        all.next()
            .and_then(Series::whole)
            .map_or_else(Vec::new, |whole| whole.as_flattened().to_vec())
    }

    /// Pairs of each member in `diagram`, in member order.
    #[wasm_bindgen(js_name = diagramPairs)]
    pub fn diagram_pairs(&self, result: usize, diagram: &str) -> Vec<u32> {
        self.series(result, diagram)
            .map(|all| all.map(|s| s.len() as u32).collect())
            .unwrap_or_default()
    }

    /// Solves with members re-formed from their axial forces that a result took (0 in first order).
    pub fn iterations(&self, result: usize) -> usize {
        self.iterations.get(result).copied().unwrap_or(0)
    }

    /// A result's critical factors and modes, `[{factor, displacements: [{x, y, rotation}]}]`
    /// (global axes, per unit mode), empty where none were asked for.
    pub fn buckling(&self, result: usize) -> JsValue {
        plain(self.buckling.get(result))
    }

    /// The advisories (`{node, message}`).
    pub fn warnings(&self) -> JsValue {
        plain(self.analysis.as_ref().map(|a| &a.warnings))
    }
}

impl FrameSolution {
    fn of(analysis: Result<Analysed, EngineError>) -> Self {
        match analysis {
            Ok((analysis, iterations, buckling)) => FrameSolution {
                error: None,
                analysis: Some(analysis),
                iterations,
                buckling,
                pattern: None,
            },
            Err(error) => FrameSolution {
                error: Some(refusal(error)),
                analysis: None,
                iterations: Vec::new(),
                buckling: Vec::new(),
                pattern: None,
            },
        }
    }

    fn result(&self, index: usize) -> Option<&FrameResult> {
        self.analysis.as_ref().and_then(|a| a.results.get(index))
    }

    fn series<'a>(
        &'a self,
        result: usize,
        diagram: &str,
    ) -> Option<impl Iterator<Item = &'a Series> + Clone + 'a> {
        let pick: fn(&FrameMemberResult) -> &Series = match diagram {
            "axial" => |m| &m.diagrams.axial,
            "shear" => |m| &m.diagrams.shear,
            "moment" => |m| &m.diagrams.moment,
            "deflection" => |m| &m.diagrams.deflection,
            _ => return None,
        };
        self.result(result).map(|r| r.members.iter().map(pick))
    }
}

/// The reader of one member column by its name.
fn member_column(name: &str) -> Option<fn(&FrameMemberResult) -> f64> {
    Some(match name {
        "length" => |m| m.length,
        "startAxial" => |m| m.start.axial,
        "startShear" => |m| m.start.shear,
        "startMoment" => |m| m.start.moment,
        "endAxial" => |m| m.end.axial,
        "endShear" => |m| m.end.shear,
        "endMoment" => |m| m.end.moment,
        "axialMax" => |m| m.extremes.axial.max.value,
        "axialMaxAt" => |m| m.extremes.axial.max.position,
        "axialMin" => |m| m.extremes.axial.min.value,
        "axialMinAt" => |m| m.extremes.axial.min.position,
        "shearMax" => |m| m.extremes.shear.max.value,
        "shearMaxAt" => |m| m.extremes.shear.max.position,
        "shearMin" => |m| m.extremes.shear.min.value,
        "shearMinAt" => |m| m.extremes.shear.min.position,
        "momentMax" => |m| m.extremes.moment.max.value,
        "momentMaxAt" => |m| m.extremes.moment.max.position,
        "momentMin" => |m| m.extremes.moment.min.value,
        "momentMinAt" => |m| m.extremes.moment.min.position,
        "deflectionMax" => |m| m.extremes.deflection.max.value,
        "deflectionMaxAt" => |m| m.extremes.deflection.max.position,
        "deflectionMin" => |m| m.extremes.deflection.min.value,
        "deflectionMinAt" => |m| m.extremes.deflection.min.position,
        _ => return None,
    })
}
