//! The golden fixtures the HTTP tests read too (`test/fixtures/<kind>/*.json`): an API request and the
//! values a hand calculation gives for parts of its response, each with its source. Each test maps the
//! request to the engine's model the way the service does and reads the answer back in the request's
//! units; this module reads the files, the units and the tolerances (as test/support/fixtures.ts does).
//! Its submodules hold the builders and checks that more than one golden test file of a structure uses.

#![allow(dead_code)] // each golden test uses the part of this module its structures need

pub mod beams;
pub mod sections;
pub mod trusses;

use std::fs;
use std::path::PathBuf;

use serde_json::Value;

/// SI per request unit: the API's SI units (m, kN, GPa, mm2, mm4, mm, kPa) or imperial (ft, kip, ksi,
/// in2, in4, in, ksf), to the engine's (m, kN, kN/m², m², m⁴, m, kN/m²).
pub struct Units {
    pub length: f64,
    pub force: f64,
    pub stress: f64,
    pub area: f64,
    pub inertia: f64,
    pub displacement: f64,
    pub moment: f64,
    pub pressure: f64,
}

pub const SI: Units = Units {
    length: 1.0,
    force: 1.0,
    stress: 1e6,
    area: 1e-6,
    inertia: 1e-12,
    displacement: 1e-3,
    moment: 1.0,
    pressure: 1.0,
};

// 1 ft = 0.3048 m, 1 kip = 4.4482216152605 kN, 1 ksi = 6894.757293168361 kN/m², 1 in = 0.0254 m,
// 1 ksf = 1 kip / ft² (ts/units/constants.ts).
pub const IMPERIAL: Units = Units {
    length: 0.3048,
    force: 4.448_221_615_260_5,
    stress: 6_894.757_293_168_361,
    area: 0.000_645_16,
    inertia: 4.162_314_256e-7,
    displacement: 0.0254,
    moment: 4.448_221_615_260_5 * 0.3048,
    pressure: 4.448_221_615_260_5 / (0.3048 * 0.3048),
};

/// The units of a request.
pub fn units_of(request: &Value) -> &'static Units {
    if request["units"] == "imperial" {
        &IMPERIAL
    } else {
        &SI
    }
}

/// A number of a request, 0 when absent.
pub fn num(v: &Value, key: &str) -> f64 {
    v.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

/// The list at `key`, empty when absent.
pub fn list(v: &Value, key: &str) -> Vec<Value> {
    v.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// Every fixture of a kind, by file name.
pub fn fixtures(kind: &str) -> Vec<(String, Value)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../test/fixtures")
        .join(kind);
    let mut files: Vec<_> = fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect()
}

/// The value of a series at a fixture position: `3` the first pair at x = 3, `3+` the last.
pub fn series_at(series: &[[f64; 2]], at: &str, length: f64) -> Option<f64> {
    let (position, right) = match at.strip_suffix('+') {
        Some(p) => (p, true),
        None => (at, false),
    };
    let x = position.parse::<f64>().ok()? * length;
    let mut pairs = series.iter().filter(|p| (p[0] - x).abs() < 1e-9 * length);
    let pair = if right {
        pairs.next_back()
    } else {
        pairs.next()
    };
    pair.map(|p| p[1])
}

/// Check every expectation of a fixture whose path `value_at` can read; how many it checked.
pub fn check(name: &str, fixture: &Value, value_at: impl Fn(&str) -> Option<f64>) -> usize {
    let tolerance = fixture["tolerance"].as_f64().unwrap();
    let mut checked = 0;
    for e in fixture["expect"].as_array().unwrap() {
        let (path, want) = (e["path"].as_str().unwrap(), e["value"].as_f64().unwrap());
        let allowed = e["absolute"]
            .as_f64()
            .unwrap_or(tolerance * want.abs().max(1e-9));
        let got = value_at(path).unwrap_or_else(|| panic!("{name}: nothing at {path}"));
        assert!(
            (got - want).abs() <= allowed,
            "{name}: {path} = {got}, expected {want} ({})",
            e["source"]
        );
        checked += 1;
    }
    checked
}

/// SplitMix64: a small deterministic generator, so that every run tests the same trusses.
pub struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [lo, hi).
    pub fn between(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
