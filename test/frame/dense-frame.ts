/**
 * A second, deliberately plain frame solver for the tests: dense global matrix, supports as Lagrange
 * multipliers (so an inclined roller is one constraint row, not a rotated node), fixed-end forces by
 * Gauss quadrature against the Hermite shape functions, end releases by static condensation, Gaussian
 * elimination with partial pivoting. It shares no code and no method with the engine (skyline LDLᵀ,
 * exact polynomial member functions), so agreement between the two is evidence for both.
 *
 * Input: a frame request after sections are resolved, in the request's units (SI: m, kN, GPa, mm², mm⁴, mm;
 * imperial: ft, kip, ksi, in², in⁴, in). Output in the response's units and signs (decisions.md sections 2, 14).
 */

export interface DenseFrame {
  units?: 'SI' | 'imperial';
  nodes: { id: number; x: number; y: number }[];
  members: { id: number; from: number; to: number; material?: number; releases?: { start?: boolean; end?: boolean } }[];
  materials: { id: number; E: number; A: number; I: number }[];
  supports: {
    node: number;
    type: 'pin' | 'roller' | 'fixed';
    angle?: number;
    settlement?: { x?: number; y?: number; rotation?: number };
  }[];
  nodalLoads?: { node: number; fx?: number; fy?: number; moment?: number; case?: string }[];
  memberLoads?: DenseMemberLoad[];
}

type Direction = 'global-y' | 'global-x' | 'local-y' | 'local-x';
export type DenseMemberLoad = { case?: string } & (
  | { type: 'point'; member: number; magnitude: number; position: number; direction?: Direction }
  | { type: 'udl'; member: number; start: number; end?: number; from: number; to: number; direction?: Direction }
  | { type: 'moment'; member: number; magnitude: number; position: number }
);

export interface EndForces {
  axial: number;
  shear: number;
  moment: number;
}

export interface DenseFrameResult {
  reactions: { node: number; horizontal: number; vertical: number; moment: number }[];
  displacements: { node: number; dx: number; dy: number; rotation: number }[];
  members: { member: number; start: EndForces; end: EndForces }[];
}

type Vec6 = number[];
type Mat = number[][];

/** Request units to one consistent set (kN and m, or kip and ft), and lengths back to the displacement unit. */
const SCALES = {
  SI: { stress: 1e6, area: 1e-6, inertia: 1e-12, displacement: 1000 },
  imperial: { stress: 144, area: 1 / 144, inertia: 1 / 20736, displacement: 12 },
};

const zeros = (n: number, m: number): Mat => Array.from({ length: n }, () => new Array<number>(m).fill(0));

/** Local stiffness of a plane beam-column: dofs (u1, v1, θ1, u2, v2, θ2), kN and m. */
function localStiffness(EA: number, EI: number, L: number): Mat {
  const a = EA / L;
  const b = (12 * EI) / L ** 3;
  const c = (6 * EI) / L ** 2;
  const d = (4 * EI) / L;
  const e = (2 * EI) / L;
  return [
    [a, 0, 0, -a, 0, 0],
    [0, b, c, 0, -b, c],
    [0, c, d, 0, -c, e],
    [-a, 0, 0, a, 0, 0],
    [0, -b, -c, 0, b, -c],
    [0, c, e, 0, -c, d],
  ];
}

/** Hermite shape functions and their slopes at s = x/L. */
function hermite(s: number, L: number): { n: number[]; dn: number[] } {
  return {
    n: [1 - 3 * s * s + 2 * s ** 3, L * (s - 2 * s * s + s ** 3), 3 * s * s - 2 * s ** 3, L * (-s * s + s ** 3)],
    dn: [(-6 * s + 6 * s * s) / L, 1 - 4 * s + 3 * s * s, (6 * s - 6 * s * s) / L, -2 * s + 3 * s * s],
  };
}

// 5-point Gauss-Legendre: exact for polynomials to degree 9 (a linear load times a cubic is degree 4).
const GAUSS = [
  [0, 0.5688888888888889],
  [-0.5384693101056831, 0.4786286704993665],
  [0.5384693101056831, 0.4786286704993665],
  [-0.906179845938664, 0.2369268850561891],
  [0.906179845938664, 0.2369268850561891],
];

/** Unit components (along x', along y') of a load of the given direction on a member at angle (c, s). */
function localComponents(direction: Direction, c: number, s: number): [number, number] {
  switch (direction) {
    case 'global-y':
      return [s, c];
    case 'global-x':
      return [c, -s];
    case 'local-y':
      return [0, 1];
    case 'local-x':
      return [1, 0];
  }
}

/** Equivalent nodal loads (local) of one member load: what the load puts on the member's end dofs. */
function equivalentLoads(load: DenseMemberLoad, L: number, c: number, s: number): Vec6 {
  const f = [0, 0, 0, 0, 0, 0];
  const add = (x: number, px: number, py: number, mz: number) => {
    const t = x / L;
    const { n, dn } = hermite(t, L);
    const terms = [
      px * (1 - t),
      py * n[0]! + mz * dn[0]!,
      py * n[1]! + mz * dn[1]!,
      px * t,
      py * n[2]! + mz * dn[2]!,
      py * n[3]! + mz * dn[3]!,
    ];
    terms.forEach((term, i) => (f[i] = f[i]! + term));
  };
  if (load.type === 'moment') {
    add(load.position, 0, 0, -load.magnitude); // clockwise positive in the request
  } else if (load.type === 'point') {
    const [ux, uy] = localComponents(load.direction ?? 'global-y', c, s);
    add(load.position, ux * load.magnitude, uy * load.magnitude, 0);
  } else {
    const [ux, uy] = localComponents(load.direction ?? 'global-y', c, s);
    const half = (load.to - load.from) / 2;
    const end = load.end ?? load.start;
    for (const [xi, wt] of GAUSS) {
      const x = load.from + half * (1 + xi!);
      const q = load.start + ((end - load.start) * (x - load.from)) / (load.to - load.from);
      add(x, ux * q * half * wt!, uy * q * half * wt!, 0);
    }
  }
  return f;
}

/** Condense the released rotation dofs out of a member's stiffness and loads. */
function condense(k: Mat, f: Vec6, released: number[]): { k: Mat; f: Vec6 } {
  let kk = k.map((r) => [...r]);
  let ff = [...f];
  for (const r of released) {
    const krr = kk[r]![r]!;
    const nk = zeros(6, 6);
    const nf = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6; i++) {
      if (i === r) continue;
      nf[i] = ff[i]! - (kk[i]![r]! * ff[r]!) / krr;
      for (let j = 0; j < 6; j++) if (j !== r) nk[i]![j] = kk[i]![j]! - (kk[i]![r]! * kk[r]![j]!) / krr;
    }
    kk = nk;
    ff = nf;
  }
  return { k: kk, f: ff };
}

function solveDense(a: Mat, b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-300) throw new Error(`singular at ${col}`);
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]! / m[col]![col]!;
      if (factor !== 0) for (let j = col; j <= n; j++) m[r]![j]! -= factor * m[col]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

export function solveDenseFrame(frame: DenseFrame): DenseFrameResult {
  const scale = SCALES[frame.units ?? 'SI'];
  const index = new Map(frame.nodes.map((n, i) => [n.id, i]));
  const nNode = frame.nodes.length;
  const constraints: { dof: number[]; coef: number[]; value: number; support: number; part: 'h' | 'v' | 'm' | 'n' }[] = [];
  frame.supports.forEach((sup, si) => {
    const base = 3 * index.get(sup.node)!;
    const set = sup.settlement ?? {};
    const sx = (set.x ?? 0) / scale.displacement;
    const sy = (set.y ?? 0) / scale.displacement;
    if (sup.type === 'roller') {
      const a = ((sup.angle ?? 0) * Math.PI) / 180;
      const n = [-Math.sin(a), Math.cos(a)];
      constraints.push({ dof: [base, base + 1], coef: n, value: n[0]! * sx + n[1]! * sy, support: si, part: 'n' });
    } else {
      constraints.push({ dof: [base], coef: [1], value: sx, support: si, part: 'h' });
      constraints.push({ dof: [base + 1], coef: [1], value: sy, support: si, part: 'v' });
      if (sup.type === 'fixed') constraints.push({ dof: [base + 2], coef: [1], value: set.rotation ?? 0, support: si, part: 'm' });
    }
  });
  const n = 3 * nNode + constraints.length;
  const K = zeros(n, n);
  const F = new Array<number>(n).fill(0);
  for (const load of frame.nodalLoads ?? []) {
    const base = 3 * index.get(load.node)!;
    F[base] = F[base]! + (load.fx ?? 0);
    F[base + 1] = F[base + 1]! + (load.fy ?? 0);
    F[base + 2] = F[base + 2]! - (load.moment ?? 0); // clockwise positive in the request
  }
  const elements = frame.members.map((m) => {
    const a = frame.nodes[index.get(m.from)!]!;
    const b = frame.nodes[index.get(m.to)!]!;
    const L = Math.hypot(b.x - a.x, b.y - a.y);
    const c = (b.x - a.x) / L;
    const s = (b.y - a.y) / L;
    const mat = frame.materials.find((x) => x.id === (m.material ?? 1))!;
    const k0 = localStiffness(mat.E * scale.stress * mat.A * scale.area, mat.E * scale.stress * mat.I * scale.inertia, L);
    let f0 = [0, 0, 0, 0, 0, 0];
    for (const load of frame.memberLoads ?? []) {
      if (load.member !== m.id) continue;
      const e = equivalentLoads(load, L, c, s);
      f0 = f0.map((v, i) => v + e[i]!);
    }
    const released = [...(m.releases?.start ? [2] : []), ...(m.releases?.end ? [5] : [])];
    const { k, f } = condense(k0, f0, released);
    const T = zeros(6, 6);
    for (const o of [0, 3]) {
      T[o]![o] = c;
      T[o]![o + 1] = s;
      T[o + 1]![o] = -s;
      T[o + 1]![o + 1] = c;
      T[o + 2]![o + 2] = 1;
    }
    const dofs = [...[0, 1, 2].map((d) => 3 * index.get(m.from)! + d), ...[0, 1, 2].map((d) => 3 * index.get(m.to)! + d)];
    return { member: m.id, k, f, k0, f0, T, dofs, released };
  });
  const rotationStiff = new Array<boolean>(nNode).fill(false);
  for (const el of elements) {
    const kg = mul(transpose(el.T), mul(el.k, el.T));
    const fg = mulVec(transpose(el.T), el.f);
    el.dofs.forEach((gi, i) => {
      F[gi] = F[gi]! + fg[i]!;
      el.dofs.forEach((gj, j) => (K[gi]![gj]! += kg[i]![j]!));
    });
    if (!el.released.includes(2)) rotationStiff[index.get(frame.members.find((m) => m.id === el.member)!.from)!] = true;
    if (!el.released.includes(5)) rotationStiff[index.get(frame.members.find((m) => m.id === el.member)!.to)!] = true;
  }
  // A node every member meets through a release has a rotation nothing determines: hold it at zero.
  rotationStiff.forEach((stiff, i) => {
    if (!stiff && !constraints.some((c) => c.dof.includes(3 * i + 2))) K[3 * i + 2]![3 * i + 2] = 1;
  });
  constraints.forEach((con, ci) => {
    const row = 3 * nNode + ci;
    con.dof.forEach((d, j) => {
      K[row]![d] = con.coef[j]!;
      K[d]![row] = con.coef[j]!;
    });
    F[row] = con.value;
  });
  const x = solveDense(K, F);
  const displacements = frame.nodes.map((node, i) => ({
    node: node.id,
    dx: x[3 * i]! * scale.displacement,
    dy: x[3 * i + 1]! * scale.displacement,
    rotation: x[3 * i + 2]!,
  }));
  const reactions = frame.supports.map((sup, si) => {
    const r = { node: sup.node, horizontal: 0, vertical: 0, moment: 0 };
    constraints.forEach((con, ci) => {
      if (con.support !== si) return;
      const lambda = x[3 * nNode + ci]!; // K u + Cᵀλ = F: the support adds -Cᵀλ
      if (con.part === 'n') {
        r.horizontal -= con.coef[0]! * lambda;
        r.vertical -= con.coef[1]! * lambda;
      } else if (con.part === 'h') r.horizontal -= lambda;
      else if (con.part === 'v') r.vertical -= lambda;
      else r.moment += lambda; // -(-λ): counter-clockwise reaction -λ, reported clockwise positive
    });
    return r;
  });
  const members = elements.map((el) => {
    const ul = mulVec(
      el.T,
      el.dofs.map((d) => x[d]!),
    );
    // forces the nodes put on the member = k u - (equivalent loads); condensed dofs carry none
    const fe = mulVec(el.k, ul).map((v, i) => v - el.f[i]!);
    return {
      member: el.member,
      start: { axial: -fe[0]!, shear: fe[1]!, moment: -fe[2]! },
      end: { axial: fe[3]!, shear: -fe[4]!, moment: fe[5]! },
    };
  });
  return { reactions, displacements, members };
}

function transpose(a: Mat): Mat {
  return a[0]!.map((_, j) => a.map((row) => row[j]!));
}
function mul(a: Mat, b: Mat): Mat {
  return a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, k) => s + v * b[k]![j]!, 0)));
}
function mulVec(a: Mat, v: number[]): number[] {
  return a.map((row) => row.reduce((s, x, k) => s + x * v[k]!, 0));
}
