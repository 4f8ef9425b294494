//! A patterned frame's bounds across the boundary (decisions.md 17): the pieces, each result's
//! bounds over every arrangement as two columns (values and pieces), and the sampled bounds a
//! figure of the envelope draws.

use spanwise_engine::beam::{PatternedBound, PatternedRange};
use spanwise_engine::frame::FramePatterned;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::frame::FrameSolution;
use crate::{arrangement_width, plain, push_arrangement};

#[wasm_bindgen]
impl FrameSolution {
    /// The pieces of the patterned cases (`{case, member}` or `{case, node}`), in the order bounds
    /// name them.
    pub fn pieces(&self) -> JsValue {
        plain(self.pattern.as_ref().map(|p| &p.0))
    }

    /// A result's bounds over every arrangement of one `part` (`reactions`: per support horizontal,
    /// vertical, moment; `members`: per member axial, shear, moment; `displacements`: per node x, y,
    /// rotation), each quantity's largest then smallest as `[value, position]`; empty when not bounded.
    #[wasm_bindgen(js_name = patternValues)]
    pub fn pattern_values(&self, result: usize, part: &str) -> Vec<f64> {
        let mut out = Vec::new();
        self.each_pattern_bound(result, part, |b| out.extend([b.value, b.position]));
        out
    }

    /// The pieces present in each bound of [`FrameSolution::pattern_values`], in the same order: per
    /// bound, its arrangement as ⌈pieces / 32⌉ 32-bit words, piece k at bit k % 32 of word k / 32
    /// (a large frame's bounds name millions of pieces, in far fewer arrangements' words).
    #[wasm_bindgen(js_name = patternPieces)]
    pub fn pattern_pieces(&self, result: usize, part: &str) -> Vec<u32> {
        let width = arrangement_width(self.pattern.as_ref().map_or(0, |p| p.0.len()));
        let mut out = Vec::new();
        self.each_pattern_bound(result, part, |b| {
            push_arrangement(&mut out, Some(&b.pieces), width)
        });
        out
    }

    /// A result's sampled bounds of one diagram (`axial`, `shear`, `moment`), largest (`max`) or
    /// smallest, every member's after another as `[x0, v0, x1, v1, ...]`; `patternSeriesPairs` says
    /// how many pairs each member has.
    #[wasm_bindgen(js_name = patternSeries)]
    pub fn pattern_series(&self, result: usize, diagram: &str, max: bool) -> Vec<f64> {
        let mut out = Vec::new();
        self.each_pattern_series(result, diagram, max, |s| out.extend(s.as_flattened()));
        out
    }

    /// Pairs of each member in [`FrameSolution::pattern_series`].
    #[wasm_bindgen(js_name = patternSeriesPairs)]
    pub fn pattern_series_pairs(&self, result: usize, diagram: &str, max: bool) -> Vec<u32> {
        let mut out = Vec::new();
        self.each_pattern_series(result, diagram, max, |s| out.push(s.len() as u32));
        out
    }
}

impl FrameSolution {
    fn patterned(&self, result: usize) -> Option<&FramePatterned> {
        self.pattern.as_ref().and_then(|p| p.1.get(result))
    }

    fn each_pattern_bound(&self, result: usize, part: &str, mut each: impl FnMut(&PatternedBound)) {
        let Some(p) = self.patterned(result) else {
            return;
        };
        let ranges: &[[PatternedRange; 3]] = match part {
            "reactions" => &p.reactions,
            "members" => &p.members,
            "displacements" => &p.displacements,
            _ => return,
        };
        for r in ranges.iter().flatten() {
            each(&r.max);
            each(&r.min);
        }
    }

    fn each_pattern_series(
        &self,
        result: usize,
        diagram: &str,
        max: bool,
        mut each: impl FnMut(&Vec<[f64; 2]>),
    ) {
        let function = match diagram {
            "axial" => 0,
            "shear" => 1,
            "moment" => 2,
            _ => return,
        };
        for member in self.patterned(result).iter().flat_map(|p| &p.series) {
            let b = &member[function];
            each(if max { &b.max } else { &b.min });
        }
    }
}
