//! Native torsion benchmark: J, Cw and the shear centre of bench/section-properties.ts's three sections
//! (an I from three plates, a 200-piece girder, a 1,000-point polygon), each beside the same call without
//! torsion; prints medians, their ratio, J's bound and the triangles, for profiling (`perf record`) the
//! native build of what the WASM bench measures.
//!
//! ```text
//! cargo run --release -p spanwise-engine --example bench_torsion -- [--runs N] [--only NAME]
//! ```

use std::time::Instant;

use spanwise_engine::section::{measure, Outline, Shape, Torsion};

fn rectangle(x: f64, y: f64, width: f64, height: f64) -> Shape {
    Shape {
        outline: Outline::Rectangle {
            min: [x, y],
            size: [width, height],
        },
        void: false,
    }
}

fn three_plate_i() -> Vec<Shape> {
    vec![
        rectangle(0.0, 0.0, 200.0, 16.0),
        rectangle(0.0, 384.0, 200.0, 16.0),
        rectangle(95.0, 16.0, 10.0, 368.0),
    ]
}

fn girder() -> Vec<Shape> {
    let mut shapes = vec![
        rectangle(0.0, 0.0, 600.0, 40.0),
        rectangle(0.0, 1960.0, 600.0, 40.0),
        rectangle(292.0, 40.0, 16.0, 1920.0),
    ];
    for i in 0..60 {
        let y = 60.0 + f64::from(i) * 31.0;
        shapes.push(rectangle(236.0, y, 64.0, 12.0));
        shapes.push(rectangle(300.0, y, 64.0, 12.0));
    }
    for i in 0..17 {
        let y = if i % 2 == 0 { -20.0 } else { 2000.0 };
        shapes.push(rectangle(40.0 + f64::from(i) * 25.0, y, 120.0, 24.0));
    }
    for i in 0..60 {
        let x = 30.0 + f64::from(i % 30) * 18.6;
        shapes.push(Shape {
            outline: Outline::Circle {
                centre: [x, if i < 30 { 20.0 } else { 1980.0 }],
                radius: 5.0,
            },
            void: true,
        });
    }
    shapes
}

fn lobed() -> Vec<Shape> {
    let points = (0..1000)
        .map(|k| {
            let t = std::f64::consts::TAU * f64::from(k) / 1000.0;
            let r = 100.0 * (1.0 + 0.25 * (6.0 * t).cos());
            [r * t.cos(), r * t.sin()]
        })
        .collect();
    vec![Shape {
        outline: Outline::Polygon { points },
        void: false,
    }]
}

fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let runs: usize = option("--runs").map_or(20, |r| r.parse().expect("--runs N"));
    let only = option("--only");
    for (name, shapes) in [
        ("I", three_plate_i()),
        ("girder", girder()),
        ("polygon", lobed()),
    ] {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let Some(Torsion::Computed(t)) = measure(&shapes, true).unwrap().torsion else {
            println!("{name}: torsion not computed");
            continue;
        };
        let without = median_ms(runs.max(50), || {
            measure(&shapes, false).unwrap();
        });
        let with = median_ms(runs, || {
            measure(&shapes, true).unwrap();
        });
        println!(
            "{name}: {with:.3} ms beside {without:.3} ms, {:.1}x; J = {:.6e} ± {:.3}%, {} triangles",
            with / without,
            t.j,
            100.0 * t.j_change / t.j,
            t.triangles
        );
    }
}
