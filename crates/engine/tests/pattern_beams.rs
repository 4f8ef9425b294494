//! Pattern loading on beams (decisions.md 17): the envelope over every arrangement of the pieces of
//! a patterned case, against closed forms and against brute force (every arrangement solved as a
//! combination of its own, each piece's loads in a case of their own).
//! Units: kN, m; EI = 200 GPa x 1e-4 m⁴ = 2e4 kN.m².

mod golden;

use golden::beams::{pin, span, support, EI};
use golden::Random;
use spanwise_engine::beam::{
    analyse_beam, BeamAnalysis, BeamLoad, BeamModel, Diagram, EnvelopeRequest, PatternedRange,
    Piece, Span, Support, SupportKind,
};
use spanwise_engine::EngineError;

const G: usize = 0;
const Q: usize = 1;

fn udl(from: f64, to: f64, w: f64, case: usize) -> BeamLoad {
    BeamLoad::Line {
        from,
        to,
        q: [w, 0.0, 0.0],
        case,
    }
}
fn point(position: f64, force: f64, case: usize) -> BeamLoad {
    BeamLoad::Point {
        position,
        force,
        case,
    }
}

/// Every diagram an envelope bounds, over every combination given.
fn envelopes(combinations: usize) -> Vec<EnvelopeRequest> {
    [Diagram::Shear, Diagram::Moment, Diagram::Deflection]
        .map(|diagram| EnvelopeRequest {
            combinations: (0..combinations).collect(),
            diagram,
        })
        .to_vec()
}

/// The model analysed with `pattern`, each combination bounded over every arrangement.
fn patterned(model: &BeamModel, combinations: &[Vec<f64>]) -> BeamAnalysis {
    analyse_beam(model, combinations, &envelopes(combinations.len()), 0).expect("stable beam")
}

#[track_caller]
fn close(got: f64, want: f64, scale: f64) {
    assert!(
        (got - want).abs() <= 1e-9 * scale.max(want.abs()),
        "got {got}, want {want}"
    );
}

/// The stretches a piece list names, as `[from, to]`.
fn stretches(pieces: &[Piece], present: &[usize]) -> Vec<[f64; 2]> {
    present
        .iter()
        .map(|&k| [pieces[k].from, pieces[k].to])
        .collect()
}

/// A bound's value and the stretches of its arrangement.
fn bound_of(range: &Option<PatternedRange>, max: bool) -> (f64, f64, Vec<usize>) {
    let r = range.as_ref().expect("bounded");
    let b = if max { &r.max } else { &r.min };
    (b.value, b.position, b.pieces.to_vec())
}

/// The series value at `x` (the first pair there).
fn at(series: &[[f64; 2]], x: f64) -> f64 {
    series
        .iter()
        .find(|p| (p[0] - x).abs() < 1e-9)
        .map(|p| p[1])
        .expect("a sample at x")
}

// ---------------------------------------------------------------------------------------------
// Closed forms.

/// Three equal spans L = 6 m, pins at 0, L, 2L, 3L, live load w = -10 kN/m on all three spans,
/// patterned. Coefficients from the three-moment equation (worked in docs/combinations.md; the
/// same as the tables of continuous-beam coefficients, e.g. Reynolds & Steedman, Reinforced
/// Concrete Designer's Handbook, 10th ed., table 2.29):
/// - end-span sagging, spans 1 and 3: M_B = -wL²/20, peak at 0.45L, 0.10125wL²;
/// - first interior support, spans 1 and 2: M_B = -7wL²/60 = -0.11667wL²;
/// - middle span, span 2 alone: wL²/8 - wL²/20 = 0.075wL²; spans 1 and 3: -wL²/20 throughout;
/// - interior reaction, spans 1 and 2: 37wL/60 + 35wL/60 = 1.2wL.
#[test]
fn three_equal_spans_live_load() {
    let (l, w) = (6.0, -10.0);
    let model = BeamModel {
        spans: vec![span(l), span(l), span(l)],
        supports: vec![pin(0.0), pin(l), pin(2.0 * l), pin(3.0 * l)],
        loads: vec![udl(0.0, 3.0 * l, w, Q)],
        pattern: vec![Q],
    };
    let analysis = patterned(&model, &[vec![0.0, 1.0]]);
    let wl2 = -w * l * l;
    assert_eq!(
        stretches(&analysis.pieces, &[0, 1, 2]),
        vec![[0.0, l], [l, 2.0 * l], [2.0 * l, 3.0 * l]]
    );
    let p = analysis.results[0].pattern.as_ref().expect("patterned");
    let (sagging, x, pieces) = bound_of(&p.moment, true);
    close(sagging, 0.10125 * wl2, wl2);
    close(x, 0.45 * l, l);
    assert_eq!(pieces, vec![0, 2]);
    let (hogging, x, pieces) = bound_of(&p.moment, false);
    close(hogging, -7.0 / 60.0 * wl2, wl2);
    close(x, l, l);
    assert_eq!(pieces, vec![0, 1]);
    let moment = &analysis.envelopes[1];
    close(at(&moment.max, 1.5 * l), 0.075 * wl2, wl2);
    close(at(&moment.min, 1.5 * l), -0.05 * wl2, wl2);
    let b = &p.reactions[1].vertical;
    close(b.max.value, -1.2 * w * l, -w * l);
    assert_eq!(b.max.pieces.to_vec(), vec![0, 1]);
    // the fully loaded combination stays: M_B = -wL²/10
    close(
        analysis.results[0].extremes.moment.min.value,
        -0.1 * wl2,
        wl2,
    );
}

/// Two equal spans L = 5 m, w = -8 kN/m live, patterned. One span loaded: M_B = -wL²/16, the span's
/// peak 49wL²/512 = 0.0957wL² at 7L/16; both: M_B = -wL²/8. End reaction: 7wL/16 (its span alone),
/// -wL/16 (the other span alone): statics with M_B = -wL²/16.
#[test]
fn two_equal_spans() {
    let (l, w) = (5.0, -8.0);
    let model = BeamModel {
        spans: vec![span(l), span(l)],
        supports: vec![pin(0.0), pin(l), pin(2.0 * l)],
        loads: vec![udl(0.0, 2.0 * l, w, Q)],
        pattern: vec![Q],
    };
    let analysis = patterned(&model, &[vec![0.0, 1.0]]);
    let p = analysis.results[0].pattern.as_ref().expect("patterned");
    let wl2 = -w * l * l;
    let (sagging, x, pieces) = bound_of(&p.moment, true);
    close(sagging, 49.0 / 512.0 * wl2, wl2);
    close(x, 7.0 / 16.0 * l, l);
    assert_eq!(pieces, vec![0]);
    let (hogging, _, pieces) = bound_of(&p.moment, false);
    close(hogging, -wl2 / 8.0, wl2);
    assert_eq!(pieces, vec![0, 1]);
    let a = &p.reactions[0].vertical;
    close(a.max.value, -7.0 / 16.0 * w * l, -w * l);
    close(a.min.value, w * l / 16.0, -w * l);
    assert_eq!(
        (a.max.pieces.to_vec(), a.min.pieces.to_vec()),
        (vec![0], vec![1])
    );
}

/// A back span L = 6 m (pins at 0 and L) with an overhang a = 2 m, w = -5 kN/m live on both,
/// patterned. Back span alone lifts the tip: θ_B = wL³/24EI, tip up by θ_B·a, and sags 5wL⁴/384EI
/// at L/2 (the largest deflection down). Overhang alone: tip down wa⁴/8EI + (wa²/2)La/3EI; hogging
/// at B -wa²/2. Sagging in the back span wL²/8 (back span alone).
#[test]
fn overhang_back_span_lifts_the_tip() {
    let (l, a, w) = (6.0, 2.0, -5.0);
    let model = BeamModel {
        spans: vec![span(l + a)],
        supports: vec![pin(0.0), pin(l)],
        loads: vec![udl(0.0, l + a, w, Q)],
        pattern: vec![Q],
    };
    let analysis = patterned(&model, &[vec![0.0, 1.0]]);
    assert_eq!(
        stretches(&analysis.pieces, &[0, 1]),
        vec![[0.0, l], [l, l + a]]
    );
    let p = analysis.results[0].pattern.as_ref().expect("patterned");
    let q = -w;
    let (up, x, pieces) = bound_of(&p.deflection, true);
    close(up, q * l.powi(3) / (24.0 * EI) * a, 1e-3);
    close(x, l + a, l);
    assert_eq!(pieces, vec![0]);
    let (down, x, pieces) = bound_of(&p.deflection, false);
    close(down, -5.0 * q * l.powi(4) / (384.0 * EI), 1e-3);
    close(x, l / 2.0, l);
    assert_eq!(pieces, vec![0]);
    let tip = q * a.powi(4) / (8.0 * EI) + q * a * a / 2.0 * l * a / (3.0 * EI);
    close(at(&analysis.envelopes[2].min, l + a), -tip, 1e-3);
    close(at(&analysis.envelopes[2].max, l + a), up, 1e-3);
    let (hogging, _, pieces) = bound_of(&p.moment, false);
    close(hogging, -q * a * a / 2.0, q * l * l);
    assert_eq!(pieces, vec![1]);
    let (sagging, _, pieces) = bound_of(&p.moment, true);
    close(sagging, q * l * l / 8.0, q * l * l);
    assert_eq!(pieces, vec![0]);
}

/// A point load and a udl of the live case on the same span are one piece; a point load standing
/// on a support belongs to the stretch that starts there, and at the right end to the last one.
#[test]
fn loads_of_one_stretch_are_one_piece() {
    let model = BeamModel {
        spans: vec![span(4.0), span(4.0)],
        supports: vec![pin(0.0), pin(4.0), pin(8.0)],
        loads: vec![
            udl(0.0, 4.0, -2.0, Q),
            point(2.0, -10.0, Q),
            point(4.0, -3.0, Q),
            point(8.0, -3.0, Q),
            udl(0.0, 8.0, -1.0, G),
        ],
        pattern: vec![Q],
    };
    let analysis = patterned(&model, &[vec![1.0, 1.0]]);
    assert_eq!(
        analysis.pieces,
        vec![
            Piece {
                case: Q,
                from: 0.0,
                to: 4.0
            },
            Piece {
                case: Q,
                from: 4.0,
                to: 8.0
            },
        ]
    );
    // span 1 alone (udl 2 and 10 kN at midspan, with G on both): the span's sagging peak is at the
    // point load: M = (wL²/8 + PL/4) - (M_B share) with M_B by the three-moment equation:
    // 4M_B·L = -(q_G L³/4 · 2 + q_Q L³/4 + 3PL²/8) / L ⇒ M_B from span 1's Q and both spans' G.
    let (l, g, q, p) = (4.0f64, 1.0, 2.0, 10.0);
    let m_b = -(2.0 * g * l * l / 4.0 + q * l * l / 4.0 + 3.0 * p * l / 8.0) / 4.0;
    let midspan = (g + q) * l * l / 8.0 + p * l / 4.0 + m_b / 2.0;
    let pattern = analysis.results[0].pattern.as_ref().expect("patterned");
    let (sagging, x, pieces) = bound_of(&pattern.moment, true);
    close(sagging, midspan, 100.0);
    close(x, 2.0, 1.0);
    assert_eq!(pieces, vec![0]);
}

/// Dead load on every span and live load patterned, under the ULS factors of two standards: the
/// governing combination's values are the factored sums at the same point (the arrangement that
/// governs live load at that point is the one that governs the sum: dead load is not patterned).
/// Three equal spans L = 6 m, g = -10 kN/m, q = -10 kN/m. Dead load alone: M_B = -gL²/10; end-span
/// moment under G: gL x/2 - g x²/2 - 0.1 g L x; under Q on spans 1 and 3: the same with 0.05.
#[test]
fn dead_and_patterned_live_under_uls_factors() {
    let (l, g, q) = (6.0f64, 10.0, 10.0);
    let model = BeamModel {
        spans: vec![span(l), span(l), span(l)],
        supports: vec![pin(0.0), pin(l), pin(2.0 * l), pin(3.0 * l)],
        loads: vec![udl(0.0, 3.0 * l, -g, G), udl(0.0, 3.0 * l, -q, Q)],
        pattern: vec![Q],
    };
    // AS/NZS 1170.0 4.2.2(b) 1.2G + 1.5Q; EN 1990 (UK NA) 6.10b 0.925 × 1.35G + 1.5Q
    for (gf, qf) in [(1.2, 1.5), (1.24875, 1.5)] {
        let analysis = patterned(&model, &[vec![gf, qf]]);
        let p = analysis.results[0].pattern.as_ref().expect("patterned");
        // sagging: d/dx of gf·g(0.4Lx - x²/2) + qf·q(0.45Lx - x²/2) = 0
        let x = (0.4 * gf * g + 0.45 * qf * q) * l / (gf * g + qf * q);
        let m = gf * g * (0.4 * l * x - x * x / 2.0) + qf * q * (0.45 * l * x - x * x / 2.0);
        let (sagging, at_x, _) = bound_of(&p.moment, true);
        close(sagging, m, 100.0);
        close(at_x, x, l);
        let (hogging, _, pieces) = bound_of(&p.moment, false);
        close(
            hogging,
            -(0.1 * gf * g + 7.0 / 60.0 * qf * q) * l * l,
            100.0,
        );
        assert_eq!(pieces, vec![0, 1]);
        // interior reaction: 1.1gL under G, 1.2qL with spans 1 and 2
        close(
            p.reactions[1].vertical.max.value,
            (1.1 * gf * g + 1.2 * qf * q) * l,
            100.0,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Brute force on random beams.

/// A random beam: 1 to 5 spans (sometimes a hinge), 2 to 5 supports at joints or inside spans
/// (sometimes fixed), and loads in G and in the patterned cases Q and W, some standing exactly on a
/// support or joint.
fn random_beam(random: &mut Random) -> BeamModel {
    let count = 1 + random.below(5);
    let mut spans: Vec<Span> = (0..count)
        .map(|_| span(random.between(2.0, 6.0).round()))
        .collect();
    if count > 1 && random.below(4) == 0 {
        spans[1 + random.below(count - 1)].hinge = true;
    }
    let joints: Vec<f64> = spans
        .iter()
        .scan(0.0, |x, s| {
            *x += s.length;
            Some(*x)
        })
        .collect();
    let total = joints[count - 1];
    let mut places: Vec<f64> = std::iter::once(0.0).chain(joints.iter().copied()).collect();
    let mut supports = Vec::new();
    for _ in 0..2 + random.below(4) {
        let x = if random.below(3) == 0 {
            random.between(0.0, total).round()
        } else {
            places[random.below(places.len())]
        };
        if supports
            .iter()
            .all(|s: &Support| (s.position - x).abs() > 1e-6)
        {
            let kind = [SupportKind::Pin, SupportKind::Roller, SupportKind::Fixed][random.below(3)];
            supports.push(support(kind, x));
        }
    }
    places.extend(supports.iter().map(|s| s.position));
    let mut loads = Vec::new();
    for _ in 0..2 + random.below(13) {
        let case = [G, Q, Q, 2][random.below(4)];
        let (a, b) = (random.between(0.0, total), random.between(0.0, total));
        loads.push(match random.below(4) {
            0 => point(
                places[random.below(places.len())],
                random.between(-20.0, 5.0),
                case,
            ),
            1 => point(a, random.between(-20.0, 5.0), case),
            2 => BeamLoad::Moment {
                position: a,
                moment: random.between(-10.0, 10.0),
                case,
            },
            _ => BeamLoad::Line {
                from: a.min(b),
                to: a.max(b) + 0.5,
                q: [random.between(-8.0, 2.0), random.between(-1.0, 1.0), 0.0],
                case,
            },
        });
    }
    for l in &mut loads {
        if let BeamLoad::Line { to, .. } = l {
            *to = to.min(total);
        }
    }
    BeamModel {
        spans,
        supports,
        loads,
        pattern: if random.below(3) == 0 {
            vec![Q, 2]
        } else {
            vec![Q]
        },
    }
}

/// The model with each piece's loads moved into a case of its own (8 + piece number), cut at
/// the pieces' ends as decisions 17 says: a line load split at every cut point, a concentrated
/// load on a cut point given to the stretch starting there (the last one at the right end).
fn pieces_as_cases(model: &BeamModel, pieces: &[Piece]) -> BeamModel {
    let total: f64 = model.spans.iter().map(|s| s.length).sum();
    let piece_of = |case: usize, x: f64| {
        pieces.iter().position(|p| {
            p.case == case && x >= p.from - 1e-9 && (x < p.to - 1e-9 || p.to >= total - 1e-9)
        })
    };
    let mut loads = Vec::new();
    for &load in &model.loads {
        match load {
            BeamLoad::Line { from, to, q, case } if model.pattern.contains(&case) => {
                for (k, p) in pieces.iter().enumerate().filter(|(_, p)| p.case == case) {
                    let (a, b) = (from.max(p.from), to.min(p.to));
                    if b - a > 1e-9 * total {
                        // q(s) about `from` re-expanded about `a`: q0 + q1 (s + d) + q2 (s + d)²
                        let d = a - from;
                        let shifted = [q[0] + q[1] * d + q[2] * d * d, q[1] + 2.0 * q[2] * d, q[2]];
                        loads.push(BeamLoad::Line {
                            from: a,
                            to: b,
                            q: shifted,
                            case: 8 + k,
                        });
                    }
                }
            }
            BeamLoad::Point {
                position,
                force,
                case,
            } if model.pattern.contains(&case) => {
                let k = piece_of(case, position).expect("a piece holds the point load");
                loads.push(point(position, force, 8 + k));
            }
            BeamLoad::Moment {
                position,
                moment,
                case,
            } if model.pattern.contains(&case) => {
                let k = piece_of(case, position).expect("a piece holds the moment");
                loads.push(BeamLoad::Moment {
                    position,
                    moment,
                    case: 8 + k,
                });
            }
            other => loads.push(other),
        }
    }
    BeamModel {
        loads,
        pattern: Vec::new(),
        ..model.clone()
    }
}

/// Every arrangement of the pieces as one combination's factors: the pieces present take their
/// case's factor, the absent ones 0.
fn arrangements(factors: &[f64], pieces: &[Piece]) -> Vec<Vec<f64>> {
    (0..1usize << pieces.len())
        .map(|mask| {
            let mut f = factors.to_vec();
            f.resize(8 + pieces.len(), 0.0);
            for (k, p) in pieces.iter().enumerate() {
                f[8 + k] = if mask >> k & 1 == 1 {
                    factors[p.case]
                } else {
                    0.0
                };
            }
            f
        })
        .collect()
}

fn mask_of(pieces: &[usize]) -> usize {
    pieces.iter().map(|k| 1 << k).sum()
}

#[test]
fn random_beams_against_every_arrangement() {
    let mut random = Random(32);
    let mut checked = 0;
    let mut most_pieces = 0;
    for _ in 0..300 {
        let model = random_beam(&mut random);
        let factors = vec![random.between(0.9, 1.35), 1.5, random.between(-1.0, 1.0)];
        let analysis = match analyse_beam(&model, std::slice::from_ref(&factors), &envelopes(1), 0)
        {
            Ok(a) => a,
            // the generator's hinges and fixed supports can make a mechanism or stand together
            Err(EngineError::Mechanism { .. } | EngineError::InvalidModel { .. }) => continue,
            Err(other) => panic!("{other:?} for {model:?}"),
        };
        let pieces = &analysis.pieces;
        if pieces.is_empty() || pieces.len() > 10 {
            continue;
        }
        most_pieces = most_pieces.max(pieces.len());
        let brute = analyse_beam(
            &pieces_as_cases(&model, pieces),
            &arrangements(&factors, pieces),
            &[],
            usize::MAX,
        )
        .expect("the same beam is stable");
        compare(&analysis, &brute, &model);
        checked += 1;
    }
    assert!(checked >= 200, "only {checked} random beams had pieces");
    assert_eq!(most_pieces, 10, "no random beam had 10 pieces");
}

/// The patterned envelope against the largest and smallest of every arrangement: every sample,
/// every extreme (and its arrangement, solved on its own, reaching it), every reaction bound.
fn compare(analysis: &BeamAnalysis, brute: &BeamAnalysis, model: &BeamModel) {
    let results = &brute.results;
    let p = analysis.results[0].pattern.as_ref().expect("patterned");
    let functions: [(usize, &Option<PatternedRange>); 3] =
        [(0, &p.shear), (1, &p.moment), (2, &p.deflection)];
    for (f, range) in functions {
        let series = |r: &spanwise_engine::beam::BeamResult| {
            [
                &r.diagrams.shear,
                &r.diagrams.moment,
                &r.diagrams.deflection,
            ][f]
                .clone()
        };
        let envelope = &analysis.envelopes[f];
        // the random loads are kN to tens of kN: a diagram that stays below 1e-3 kN (kN.m) or 1e-9 m
        // everywhere is zero, its samples round-off (a shear diagram under moments alone)
        let floor = [1e-3, 1e-3, 1e-9][f];
        let scale = results
            .iter()
            .flat_map(&series)
            .fold(floor, |m: f64, s| m.max(s[1].abs()));
        for (i, s) in envelope.max.iter().enumerate() {
            let values = results.iter().map(|r| series(r)[i]);
            let hi = values.clone().fold(f64::NEG_INFINITY, |m, v| m.max(v[1]));
            let lo = values.fold(f64::INFINITY, |m, v| m.min(v[1]));
            assert!(
                (s[0] - series(&results[0])[i][0]).abs() < 1e-12,
                "positions differ"
            );
            close(s[1], hi, scale);
            close(envelope.min[i][1], lo, scale);
        }
        let extreme = |r: &spanwise_engine::beam::BeamResult, max: bool| {
            let e = [
                &r.extremes.shear,
                &r.extremes.moment,
                &r.extremes.deflection,
            ][f];
            if max {
                e.max.value
            } else {
                e.min.value
            }
        };
        for max in [true, false] {
            let (value, _, pieces) = bound_of(range, max);
            let all = results.iter().map(|r| extreme(r, max));
            let want = if max {
                all.fold(f64::NEG_INFINITY, f64::max)
            } else {
                all.fold(f64::INFINITY, f64::min)
            };
            close(value, want, scale);
            let own = extreme(&results[mask_of(&pieces)], max);
            assert!(
                (own - value).abs() <= 1e-9 * scale,
                "function {f}: the named arrangement {pieces:?} gives {own}, not {value}, in {model:?}"
            );
        }
    }
    // a reaction's scale is the largest of its kind anywhere (a pin's zero moment, a reaction that
    // nearly vanishes, are matched to within round-off of the others)
    let scale = |which: usize| {
        results
            .iter()
            .flat_map(|r| {
                r.reactions
                    .iter()
                    .map(move |x| [x.vertical, x.moment][which])
            })
            .fold(1e-3, |m: f64, v| m.max(v.abs()))
    };
    let scales = [scale(0), scale(1)];
    for (s, bounds) in p.reactions.iter().enumerate() {
        for (which, range) in [(0, &bounds.vertical), (1, &bounds.moment)] {
            let values: Vec<f64> = results
                .iter()
                .map(|r| [r.reactions[s].vertical, r.reactions[s].moment][which])
                .collect();
            let scale = scales[which];
            let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
            close(range.max.value, hi, scale);
            close(range.min.value, lo, scale);
            close(values[mask_of(&range.max.pieces.to_vec())], hi, scale);
            close(values[mask_of(&range.min.pieces.to_vec())], lo, scale);
        }
    }
}

/// Garbage with a pattern (case indices past every factor vector, patterned cases with no load,
/// non-finite numbers) gives results or an error value, never a panic.
#[test]
fn garbage_with_patterns_never_panics() {
    let mut random = Random(17);
    for _ in 0..300 {
        let mut model = random_beam(&mut random);
        model.pattern.push([usize::MAX, 7, 3][random.below(3)]);
        if random.below(5) == 0 {
            model.loads.push(udl(0.0, f64::NAN, -1.0, Q));
        }
        if random.below(5) == 0 {
            model.loads.push(point(1.0, f64::INFINITY, Q));
        }
        let combinations = vec![vec![1.0; random.below(4)], vec![f64::MAX, 1e308]];
        let _ = analyse_beam(&model, &combinations, &envelopes(2), random.below(3));
    }
}
