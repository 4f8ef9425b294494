//! A truss across the boundary: `TrussInput` built record by record, `TrussSolution` read by column.

use spanwise_engine::truss::{
    solve_truss, FabricationError, Load, Member, Node, Settlement, Support, SupportKind,
    TrussModel, TrussResult,
};
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::{plain, refusal};

/// A truss being described to the engine (SI: kN, m, kN/m², m², rad; indices from 0).
#[wasm_bindgen]
#[derive(Default)]
pub struct TrussInput {
    model: TrussModel,
    combinations: Vec<Vec<f64>>,
}

#[wasm_bindgen]
impl TrussInput {
    /// An empty truss.
    #[wasm_bindgen(constructor)]
    pub fn new() -> TrussInput {
        TrussInput::default()
    }

    /// The next node.
    pub fn node(&mut self, x: f64, y: f64) {
        self.model.nodes.push(Node { x, y });
    }

    /// The next bar, between two node indices.
    pub fn member(&mut self, from: usize, to: usize, e: f64, a: f64) {
        self.model.members.push(Member { from, to, e, a });
    }

    /// A support: a pin, or a roller rolling along `angle`, with its settlement.
    pub fn support(
        &mut self,
        node: usize,
        roller: bool,
        angle: f64,
        settlement_x: f64,
        settlement_y: f64,
    ) {
        self.model.supports.push(Support {
            node,
            kind: if roller {
                SupportKind::Roller
            } else {
                SupportKind::Pin
            },
            angle,
            settlement: Settlement {
                x: settlement_x,
                y: settlement_y,
            },
        });
    }

    /// A nodal load in a load case.
    pub fn load(&mut self, node: usize, fx: f64, fy: f64, case: usize) {
        self.model.loads.push(Load { node, fx, fy, case });
    }

    /// An initial elongation of a bar.
    #[wasm_bindgen(js_name = fabricationError)]
    pub fn fabrication_error(&mut self, member: usize, strain: f64, delta_length: f64) {
        self.model.fabrication_errors.push(FabricationError {
            member,
            strain,
            delta_length,
        });
    }

    /// The next combination's factors, indexed by load case.
    pub fn combination(&mut self, factors: Vec<f64>) {
        self.combinations.push(factors);
    }

    /// One result per combination, or the engine's refusal.
    pub fn solve(&self) -> TrussSolution {
        match solve_truss(&self.model, &self.combinations) {
            Ok(results) => TrussSolution {
                error: None,
                results,
            },
            Err(error) => TrussSolution {
                error: Some(refusal(error)),
                results: Vec::new(),
            },
        }
    }
}

/// A solved truss, read result by result; a result index past the end reads as empty.
#[wasm_bindgen]
pub struct TrussSolution {
    error: Option<String>,
    results: Vec<TrussResult>,
}

#[wasm_bindgen]
impl TrussSolution {
    /// The engine's refusal as `{"error": {...}}`, or nothing when the truss was solved.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// How many results (one per combination).
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> usize {
        self.results.len()
    }

    fn column(&self, result: usize, of: impl Fn(&TrussResult) -> Vec<f64>) -> Vec<f64> {
        self.results.get(result).map(of).unwrap_or_default()
    }

    /// Each support's reaction (`{node, horizontal, vertical}`, kN), in the order of the supports.
    pub fn reactions(&self, result: usize) -> JsValue {
        plain(self.results.get(result).map(|r| &r.reactions))
    }

    /// Each bar's axial force (kN, tension positive), in member order.
    #[wasm_bindgen(js_name = memberForces)]
    pub fn member_forces(&self, result: usize) -> Vec<f64> {
        self.column(result, |r| {
            r.member_forces.iter().map(|m| m.force).collect()
        })
    }

    /// Each node's horizontal displacement (m), in node order.
    #[wasm_bindgen(js_name = displacementsX)]
    pub fn displacements_x(&self, result: usize) -> Vec<f64> {
        self.column(result, |r| r.displacements.iter().map(|d| d.dx).collect())
    }

    /// Each node's vertical displacement (m, up positive), in node order.
    #[wasm_bindgen(js_name = displacementsY)]
    pub fn displacements_y(&self, result: usize) -> Vec<f64> {
        self.column(result, |r| r.displacements.iter().map(|d| d.dy).collect())
    }

    /// The advisories (`{node, message}`), the same in every result.
    pub fn warnings(&self) -> JsValue {
        plain(self.results.first().map(|r| &r.warnings))
    }
}
