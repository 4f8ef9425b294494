//! Generated lattice trusses: the benchmark's model (native, WASM and HTTP benchmarks share it) and
//! the base of the engine's property tests.

use crate::truss::{Load, Member, Node, Support, SupportKind, TrussModel};

/// Panel width and height (m).
pub const PANEL: f64 = 2.0;
/// Young's modulus of every bar: 200 GPa in kN/m².
pub const E: f64 = 200e6;
/// Area of every bar: 3000 mm² in m².
pub const A: f64 = 3e-3;

/// Load cases of the lattice, as indices into combination factors.
pub const DEAD: usize = 0;
/// Live load case index.
pub const LIVE: usize = 1;
/// Wind load case index.
pub const WIND: usize = 2;

/// A `columns` × `rows` grid of nodes [`PANEL`] apart, node `row * columns + column`, with chords,
/// posts and one diagonal in every panel (alternating, Warren-like); panels then take their second
/// diagonal, left to right and bottom to top, until the truss has `member_count` bars (or every
/// panel is cross-braced). A pin holds the bottom-left node and a roller the bottom-right one.
///
/// Loads: dead, 10 kN down at every top-chord node; live, 5 kN down at the top-chord nodes of
/// the left half; wind, 2 kN along +x at every node of the left edge.
pub fn lattice(columns: usize, rows: usize, member_count: usize) -> TrussModel {
    let (columns, rows) = (columns.max(2), rows.max(2));
    let at = |column: usize, row: usize| row * columns + column;
    let nodes = (0..rows)
        .flat_map(|row| {
            (0..columns).map(move |column| Node {
                x: column as f64 * PANEL,
                y: row as f64 * PANEL,
            })
        })
        .collect();
    let bar = |from: usize, to: usize| Member {
        from,
        to,
        e: E,
        a: A,
    };
    let mut members = Vec::new();
    for row in 0..rows {
        for column in 0..columns - 1 {
            members.push(bar(at(column, row), at(column + 1, row)));
        }
    }
    for row in 0..rows - 1 {
        for column in 0..columns {
            members.push(bar(at(column, row), at(column, row + 1)));
        }
    }
    let panels: Vec<(usize, usize)> = (0..rows - 1)
        .flat_map(|row| (0..columns - 1).map(move |column| (column, row)))
        .collect();
    let rising = |(c, r): (usize, usize)| bar(at(c, r), at(c + 1, r + 1));
    let falling = |(c, r): (usize, usize)| bar(at(c + 1, r), at(c, r + 1));
    for &p in &panels {
        members.push(if (p.0 + p.1) % 2 == 0 {
            rising(p)
        } else {
            falling(p)
        });
    }
    for &p in &panels {
        if members.len() >= member_count {
            break;
        }
        members.push(if (p.0 + p.1) % 2 == 0 {
            falling(p)
        } else {
            rising(p)
        });
    }
    TrussModel {
        nodes,
        members,
        supports: vec![
            Support {
                node: at(0, 0),
                kind: SupportKind::Pin,
                angle: 0.0,
                settlement: Default::default(),
            },
            Support {
                node: at(columns - 1, 0),
                kind: SupportKind::Roller,
                angle: 0.0,
                settlement: Default::default(),
            },
        ],
        loads: loads(columns, rows),
        fabrication_errors: Vec::new(),
    }
}

/// The lattice's three load cases (see [`lattice`]).
fn loads(columns: usize, rows: usize) -> Vec<Load> {
    let at = |column: usize, row: usize| row * columns + column;
    let top = rows - 1;
    let mut loads: Vec<Load> = (0..columns)
        .map(|column| Load {
            node: at(column, top),
            fx: 0.0,
            fy: -10.0,
            case: DEAD,
        })
        .collect();
    loads.extend((0..columns.div_ceil(2)).map(|column| Load {
        node: at(column, top),
        fx: 0.0,
        fy: -5.0,
        case: LIVE,
    }));
    loads.extend((0..rows).map(|row| Load {
        node: at(0, row),
        fx: 2.0,
        fy: 0.0,
        case: WIND,
    }));
    loads
}

/// The benchmark truss: a 30 × 10 lattice with exactly 1000 members.
pub fn benchmark_truss() -> TrussModel {
    lattice(30, 10, 1000)
}

/// The benchmark's combinations, factors indexed by case (dead, live, wind):
/// 1.35G, 1.35G + 1.5Q, G + 1.5W and G + Q.
pub fn benchmark_combinations() -> Vec<Vec<f64>> {
    let factors = |dead: f64, live: f64, wind: f64| {
        let mut f = vec![0.0; 3];
        f[DEAD] = dead;
        f[LIVE] = live;
        f[WIND] = wind;
        f
    };
    vec![
        factors(1.35, 0.0, 0.0),
        factors(1.35, 1.5, 0.0),
        factors(1.0, 0.0, 1.5),
        factors(1.0, 1.0, 0.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_benchmark_lattice_has_300_nodes_and_1000_members() {
        // 30 × 10 nodes: 29·10 chords + 30·9 posts + 29·9 diagonals = 821, plus 179 second diagonals.
        let model = benchmark_truss();
        assert_eq!(model.nodes.len(), 300);
        assert_eq!(model.members.len(), 1000);
    }

    #[test]
    fn member_count_stops_at_full_cross_bracing() {
        // 3 × 2 nodes: 4 chords + 3 posts + 2 panels × 2 diagonals = 11.
        assert_eq!(lattice(3, 2, 1000).members.len(), 11);
        // Below the single-diagonal count nothing is removed: 4 + 3 + 2 = 9.
        assert_eq!(lattice(3, 2, 0).members.len(), 9);
    }
}
