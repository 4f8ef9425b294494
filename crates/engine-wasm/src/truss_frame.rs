//! A truss request and its answer as flat arrays of numbers, like `beam_frame`: a 300-node,
//! 1,000-member lattice solves in under a millisecond, and JSON both ways cost twice that.
//! `ts/engine/truss-frame.ts` writes and reads the same layout.

use spanwise_engine::truss::{
    FabricationError, Load, Member, Node, Settlement, Support, SupportKind, TrussModel, TrussResult,
};
use spanwise_engine::EngineError;

use crate::frame::Reader;

/// What a truss request asks for.
pub struct TrussRequest {
    /// The model in engine units.
    pub model: TrussModel,
    /// Factor vectors, one per combination, indexed by load case.
    pub combinations: Vec<Vec<f64>>,
}

const SUPPORT_KINDS: [SupportKind; 2] = [SupportKind::Pin, SupportKind::Roller];

/// Decodes `[nodes, members, supports, loads, fabricationErrors, cases, combinations]`, then nodes
/// `(x, y)`, members `(from, to, e, a)`, supports `(node, kind, angle, settlement x, settlement y)`,
/// loads `(node, fx, fy, case)`, fabrication errors `(member, strain, deltaLength)` and each
/// combination's `cases` factors. Node and member indices are checked by the engine.
pub fn decode_request(numbers: &[f64]) -> Result<TrussRequest, EngineError> {
    let mut r = Reader::new(numbers);
    let nodes = r.count("the node count")?;
    let members = r.count("the member count")?;
    let supports = r.count("the support count")?;
    let loads = r.count("the load count")?;
    let errors = r.count("the fabrication error count")?;
    let cases = r.count("the case count")?;
    let combinations = r.count("the combination count")?;
    let nodes = (0..nodes)
        .map(|_| {
            Ok(Node {
                x: r.number()?,
                y: r.number()?,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let members = (0..members)
        .map(|_| {
            Ok(Member {
                from: r.count("a member's start node")?,
                to: r.count("a member's end node")?,
                e: r.number()?,
                a: r.number()?,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let supports = (0..supports)
        .map(|_| {
            Ok(Support {
                node: r.count("a support's node")?,
                kind: SUPPORT_KINDS[r.whole("a support kind", 1)?],
                angle: r.number()?,
                settlement: Settlement {
                    x: r.number()?,
                    y: r.number()?,
                },
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let loads = (0..loads)
        .map(|_| {
            Ok(Load {
                node: r.count("a load's node")?,
                fx: r.number()?,
                fy: r.number()?,
                case: r.count("a load case")?,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let fabrication_errors = (0..errors)
        .map(|_| {
            Ok(FabricationError {
                member: r.count("a fabrication error's member")?,
                strain: r.number()?,
                delta_length: r.number()?,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let combinations = (0..combinations)
        .map(|_| (0..cases).map(|_| r.number()).collect())
        .collect::<Result<_, EngineError>>()?;
    r.finish()?;
    Ok(TrussRequest {
        model: TrussModel {
            nodes,
            members,
            supports,
            loads,
            fabrication_errors,
        },
        combinations,
    })
}

/// Encodes the results: their count, then per result its reactions `(node, horizontal, vertical)`,
/// member forces `(member, from, to, force)`, displacements `(node, dx, dy)` and warnings `(node)`,
/// each list after its count. The warnings' messages, in the same order, are the second value.
pub fn encode_answer(results: &[TrussResult]) -> (Vec<f64>, Vec<String>) {
    let mut out = vec![results.len() as f64];
    let mut messages = Vec::new();
    for result in results {
        out.push(result.reactions.len() as f64);
        for r in &result.reactions {
            out.extend([r.node as f64, r.horizontal, r.vertical]);
        }
        out.push(result.member_forces.len() as f64);
        for m in &result.member_forces {
            out.extend([m.member as f64, m.from as f64, m.to as f64, m.force]);
        }
        out.push(result.displacements.len() as f64);
        for d in &result.displacements {
            out.extend([d.node as f64, d.dx, d.dy]);
        }
        out.push(result.warnings.len() as f64);
        for w in &result.warnings {
            out.push(w.node as f64);
            messages.push(w.message.clone());
        }
    }
    (out, messages)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Triangle A(0,0) pin, B(8,0) roller, C(4,3), 10 kN down at C; two combinations.
    pub fn triangle() -> Vec<f64> {
        vec![
            3.0, 3.0, 2.0, 1.0, 0.0, 1.0, 2.0, // counts
            0.0, 0.0, 8.0, 0.0, 4.0, 3.0, // nodes
            0.0, 1.0, 2e8, 1e-3, 1.0, 2.0, 2e8, 1e-3, 0.0, 2.0, 2e8, 1e-3, // members
            0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, // supports
            2.0, 0.0, -10.0, 0.0, // load
            1.0, 1.5, // combinations
        ]
    }

    #[test]
    fn decodes_every_record() {
        let request = decode_request(&triangle()).unwrap();
        assert_eq!(request.model.nodes.len(), 3);
        assert_eq!(request.model.members[2].to, 2);
        assert_eq!(request.model.supports[1].kind, SupportKind::Roller);
        assert_eq!(request.model.loads[0].fy, -10.0);
        assert_eq!(request.combinations, vec![vec![1.0], vec![1.5]]);
    }

    #[test]
    fn a_malformed_frame_is_an_invalid_model_never_a_panic() {
        let good = triangle();
        for cut in 0..good.len() {
            assert!(decode_request(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = good.clone();
        longer.push(0.0);
        assert!(decode_request(&longer).is_err());
        // a negative count, a fractional node index, a third support kind
        for (at, bad) in [(0, -1.0), (13, 0.5), (26, 2.0)] {
            let mut frame = good.clone();
            frame[at] = bad;
            assert!(decode_request(&frame).is_err(), "{bad} at {at}");
        }
    }
}
