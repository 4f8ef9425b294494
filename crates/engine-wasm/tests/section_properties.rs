//! The section answer as the binding serialises it: the names `ts/engine/section-properties.ts` reads.

use serde_json::{json, Value};
use spanwise_engine::section::{Outline, Shape};
use spanwise_engine_wasm::section_properties::{answer, SectionModel};

fn as_json(model: &SectionModel) -> Value {
    serde_json::to_value(answer(model)).unwrap()
}

fn square(void: bool) -> Shape {
    Shape {
        outline: Outline::Rectangle {
            min: [0.0, 0.0],
            size: [2.0, 2.0],
        },
        void,
    }
}

#[test]
fn properties_carry_the_material_only_when_asked() {
    // a 2 x 2 square: A = 4, Ix = bh³/12 = 16/12
    let bare = as_json(&SectionModel {
        shapes: vec![square(false)],
        outline: false,
        torsion: false,
    });
    assert_eq!(bare["ok"]["area"], json!(4.0));
    assert_eq!(bare["ok"]["centroid"], json!([1.0, 1.0]));
    assert!((bare["ok"]["ix"].as_f64().unwrap() - 16.0 / 12.0).abs() < 1e-15);
    assert_eq!(bare["ok"]["plasticAxes"], json!([1.0, 1.0]));
    assert_eq!(
        bare["ok"]["elastic"]["xTop"],
        bare["ok"]["elastic"]["xBottom"]
    );
    assert_eq!(bare["ok"]["material"], json!({"outlines": [], "discs": []}));
    assert_eq!(bare["ok"]["torsion"], Value::Null);
    let drawn = as_json(&SectionModel {
        shapes: vec![square(false)],
        outline: true,
        torsion: false,
    });
    assert_eq!(
        drawn["ok"]["material"]["outlines"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn refusals_name_the_shape_and_the_fault() {
    let bow_tie = Shape {
        outline: Outline::Polygon {
            points: vec![[0.0, 0.0], [10.0, 10.0], [10.0, 0.0], [0.0, 5.0]],
        },
        void: false,
    };
    let refused = as_json(&SectionModel {
        shapes: vec![square(false), bow_tie],
        outline: false,
        torsion: false,
    });
    assert_eq!(
        refused,
        json!({"error": {"kind": "invalidSection", "issues": [{"shape": 1, "fault": {"kind": "selfIntersecting", "edges": [0, 2]}}]}})
    );
    let emptied = as_json(&SectionModel {
        shapes: vec![square(false), square(true)],
        outline: false,
        torsion: false,
    });
    assert_eq!(
        emptied,
        json!({"error": {"kind": "invalidSection", "issues": [{"shape": null, "fault": {"kind": "noMaterial"}}]}})
    );
}

#[test]
fn torsion_crosses_with_the_names_the_facade_reads() {
    // a 2 x 2 square: J = 0.1406 a⁴ (Saint-Venant series; Roark, Table 10.7) = 2.25
    let solved = as_json(&SectionModel {
        shapes: vec![square(false)],
        outline: false,
        torsion: true,
    });
    let t = &solved["ok"]["torsion"];
    assert_eq!(t["kind"], json!("computed"));
    assert!((t["j"].as_f64().unwrap() - 0.1406 * 16.0).abs() < 1e-3 * 2.25);
    assert!(t["jChange"].as_f64().unwrap() < 1e-3 * 2.25);
    assert_eq!(t["solids"], json!(1));
    let w = &t["warping"];
    for key in ["cw", "cwChange", "shearCentreShift"] {
        assert!(w[key].is_f64(), "{key}");
    }
    assert_eq!(w["shearCentre"].as_array().unwrap().len(), 2);
    // the one mesh's six-node triangles
    assert!(t["triangles"].as_u64().unwrap() > 0);
}
