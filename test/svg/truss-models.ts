/**
 * Truss models for the figure tests, with results known by hand. E = 200 GPa, A = 1000 mm2:
 * EA = 200e6 kN/m2 x 1e-3 m2 = 200 000 kN.
 */
import type { TrussFigureResults } from '../../ts/svg/model.js';

const steel = [{ id: 1, E: 200, A: 1000 }];

/**
 * Triangle: nodes 1 (0, 0) pin, 2 (4, 0) roller, 3 (2, 2); 10 kN down at 3. By symmetry each support
 * takes 5 kN up and the pin no horizontal force. Joint 3: 2 F sin45 = 10, so each diagonal carries
 * F = 7.07 kN compression; joint 1: bottom chord = F cos45 = 5 kN tension.
 * Displacements: chord stretches 5*4/200000 m = 0.1 mm, so node 2 moves dx = 0.1 mm; each diagonal
 * shortens 7.071*2.828/200000 m = 0.1 mm; node 3 moves dx = 0.05 mm (symmetry) and from member 1-3,
 * 0.7071*(0.05 + dy) = -0.1, dy = -0.19142 mm; |d3| = hypot(0.05, 0.19142) = 0.198 mm.
 */
export const triangle = {
  nodes: [
    { id: 1, x: 0, y: 0 },
    { id: 2, x: 4, y: 0 },
    { id: 3, x: 2, y: 2 },
  ],
  members: [
    { id: 1, from: 1, to: 2 },
    { id: 2, from: 1, to: 3 },
    { id: 3, from: 2, to: 3 },
  ],
  materials: steel,
  supports: [
    { node: 1, type: 'pin' as const },
    { node: 2, type: 'roller' as const },
  ],
  loads: [{ node: 3, fy: -10 }],
};

export const triangleResults: TrussFigureResults = {
  reactions: [
    { node: 1, horizontal: 0, vertical: 5 },
    { node: 2, horizontal: 0, vertical: 5 },
  ],
  memberForces: [
    { member: 1, from: 1, to: 2, force: 5 },
    { member: 2, from: 1, to: 3, force: -7.0711 },
    { member: 3, from: 2, to: 3, force: -7.0711 },
  ],
  displacements: [
    { node: 1, dx: 0, dy: 0 },
    { node: 2, dx: 0.1, dy: 0 },
    { node: 3, dx: 0.05, dy: -0.19142 },
  ],
};

/** A Pratt truss of `panels` 3 m panels, 3 m deep: bottom nodes 1..panels+1, top nodes after them; diagonals fall to mid-span. */
function prattGeometry(panels: number) {
  const bottom = Array.from({ length: panels + 1 }, (_, i) => ({ id: i + 1, x: 3 * i, y: 0 }));
  const top = Array.from({ length: panels - 1 }, (_, i) => ({ id: panels + 2 + i, x: 3 * (i + 1), y: 3 }));
  const topId = (i: number) => panels + 1 + i; // top node above bottom node i (1..panels-1)
  const members: { id: number; from: number; to: number }[] = [];
  const add = (from: number, to: number) => members.push({ id: members.length + 1, from, to });
  for (let i = 0; i < panels; i++) add(i + 1, i + 2);
  for (let i = 1; i < panels - 1; i++) add(topId(i), topId(i + 1));
  for (let i = 1; i < panels; i++) add(i + 1, topId(i));
  add(1, topId(1));
  add(panels + 1, topId(panels - 1));
  for (let i = 1; i < panels / 2; i++) add(topId(i), i + 2);
  for (let i = panels / 2 + 1; i < panels; i++) add(topId(i), i);
  return { nodes: [...bottom, ...top], members, topId };
}

/**
 * A six-panel Pratt truss, 18 m by 3 m, on a pin and a roller inclined at 30 degrees, with panel
 * loads and a wind load: a typical crowded figure for the label checks (solved by the engine).
 */
export const pratt = (() => {
  const { nodes, members, topId } = prattGeometry(6);
  return {
    nodes,
    members,
    materials: steel,
    supports: [
      { node: 1, type: 'pin' as const },
      { node: 7, type: 'roller' as const, angle: 30 },
    ],
    loads: [...Array.from({ length: 5 }, (_, i) => ({ node: topId(i + 1), fy: -20 })), { node: topId(1), magnitude: 8, angle: 0 }],
  };
})();

/**
 * Issue 16's truss: an eight-panel Pratt, 24 m by 3 m, on a pin and a roller rolling along 30 degrees, 40 kN
 * down at each inner top node and a load given in components (5, -10) kN at the first top node (solved by the
 * engine; the figures are checked for collisions, and truss.test.ts works its reactions by hand).
 */
export const pratt8 = (() => {
  const { nodes, members, topId } = prattGeometry(8);
  return {
    nodes,
    members,
    materials: steel,
    supports: [
      { node: 1, type: 'pin' as const },
      { node: 9, type: 'roller' as const, angle: 30 },
    ],
    loads: [...Array.from({ length: 6 }, (_, i) => ({ node: topId(i + 2), fy: -40 })), { node: topId(1), fx: 5, fy: -10 }],
  };
})();
