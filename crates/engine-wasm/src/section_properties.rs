//! Section properties across the boundary. The model is a few hundred numbers at most, so it crosses
//! as a JavaScript object read by serde-wasm-bindgen, and the answer goes back the same way: plain
//! objects, no frames. Speed is no concern here; a typed, readable boundary is.

use serde::{Deserialize, Serialize};
use spanwise_engine::section::{measure, SectionProperties, Shape, ShapeIssue};
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

/// The pieces of a section, whether the answer should carry the material's outlines (figures), and
/// whether to compute the torsion and warping constants (a mesh and two solves: the costly part).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionModel {
    /// Solids and voids, in the caller's length unit.
    pub shapes: Vec<Shape>,
    /// Keep `material` (outlines and discs) in the answer.
    #[serde(default)]
    pub outline: bool,
    /// Compute J, Cw and the shear centre by finite elements.
    #[serde(default)]
    pub torsion: bool,
}

/// The properties, or why there are none.
#[derive(Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SectionAnswer {
    /// The section's properties.
    Ok(Box<SectionProperties>),
    /// A refusal.
    Error(SectionRefusal),
}

/// Why a section has no properties.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SectionRefusal {
    /// The model is not the shape the binding reads (a bug of the caller, not of the user).
    InvalidModel {
        /// What serde said.
        message: String,
    },
    /// Faults of the pieces, each naming its piece.
    InvalidSection {
        /// Every fault found.
        issues: Vec<ShapeIssue>,
    },
}

/// The answer for a model (natively testable; the export only converts).
pub fn answer(model: &SectionModel) -> SectionAnswer {
    match measure(&model.shapes, model.torsion) {
        Ok(mut properties) => {
            if !model.outline {
                properties.material = Default::default();
            }
            SectionAnswer::Ok(Box::new(properties))
        }
        Err(issues) => SectionAnswer::Error(SectionRefusal::InvalidSection { issues }),
    }
}

/// Properties of a section: `{ok: {...}}` or `{error: {kind, ...}}`, never a trap.
#[wasm_bindgen(js_name = sectionProperties)]
pub fn section_properties(model: JsValue) -> JsValue {
    let answer = match serde_wasm_bindgen::from_value::<SectionModel>(model) {
        Ok(model) => answer(&model),
        Err(error) => SectionAnswer::Error(SectionRefusal::InvalidModel {
            message: error.to_string(),
        }),
    };
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    answer.serialize(&serializer).unwrap_or(JsValue::NULL)
}
