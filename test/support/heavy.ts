/**
 * Requests that keep an engine thread busy for a while (of the order of a second on a laptop): the
 * service's isolation tests run them to show that other callers are not held meanwhile.
 */

/**
 * A braced rigid grid frame, `bays` wide and `storeys` high (4 m bays, 3.5 m storeys, a diagonal in every panel,
 * fixed bases), with dead load on every beam, live load at every joint above ground, wind at every floor, and
 * EN1990-UK combinations: each combination is presented on its own, so the envelope figure of a 19 x 14 grid
 * (300 nodes, 812 members) costs about as much as the 1,000-member frame.
 */
export function gridFrame(bays: number, storeys: number) {
  const id = (column: number, floor: number) => floor * (bays + 1) + column + 1;
  const nodes = [];
  for (let floor = 0; floor <= storeys; floor++) {
    for (let column = 0; column <= bays; column++) nodes.push({ id: id(column, floor), x: 4 * column, y: 3.5 * floor });
  }
  const members: { id: number; from: number; to: number }[] = [];
  const beams: number[] = [];
  const add = (from: number, to: number) => members.push({ id: members.length + 1, from, to });
  for (let floor = 1; floor <= storeys; floor++) {
    for (let column = 0; column <= bays; column++) add(id(column, floor - 1), id(column, floor));
    for (let column = 0; column < bays; column++) {
      beams.push(add(id(column, floor), id(column + 1, floor)));
      add(id(column, floor - 1), id(column + 1, floor));
    }
  }
  const supports = Array.from({ length: bays + 1 }, (_, column) => ({ node: id(column, 0), type: 'fixed' as const }));
  const memberLoads = beams.map((member) => ({ type: 'udl' as const, member, start: -20, from: 0, to: 4, case: 'G' }));
  const nodalLoads = nodes
    .filter((node) => node.y > 0)
    .map((node) => ({ node: node.id, fy: -40, case: 'Q' }))
    .concat(Array.from({ length: storeys }, (_, floor) => ({ node: id(0, floor + 1), fx: 5, case: 'W' }) as never));
  return {
    nodes,
    members,
    materials: [{ id: 1, E: 200, A: 10000, I: 2.0e8 }],
    supports,
    nodalLoads,
    memberLoads,
    combinations: { standard: 'EN1990-UK', occupancy: 'office' },
  };
}

/** The moment envelope figure of a 19 x 14 braced grid (300 nodes, 812 members) at 2000 x 1500. */
export function heavyFigure() {
  return { ...gridFrame(19, 14), view: 'moment', combination: 'envelope', width: 2000, height: 1500 };
}

/**
 * Issue 31's overlapping stars: `count` star polygons of `points` corners (radii 1000 and 600 mm alternating),
 * their centres on a circle of 30 mm, coordinates rounded to the millimetre as the issue's one-liner makes them.
 */
export function overlappingStars(count = 200, points = 40) {
  const star = (a: number, b: number) =>
    Array.from({ length: points }, (_, k) => {
      const radius = k % 2 === 0 ? 1000 : 600;
      const angle = (2 * Math.PI * k) / points;
      return [Math.round(a + radius * Math.cos(angle)), Math.round(b + radius * Math.sin(angle))];
    });
  return { shapes: Array.from({ length: count }, (_, i) => ({ type: 'polygon', points: star(30 * Math.cos(i), 30 * Math.sin(i)) })) };
}

/**
 * A comb of 249 teeth 2 mm wide and 50 mm tall, 2 mm apart, on a 10 mm back: 998 corners (a polygon takes 1,000),
 * 498 of them re-entrant. Its J and Cw take three meshes of thousands of six-node triangles, a tenth of a second or
 * more of an engine thread: well past the pool's 50 ms deadline polling (issue 39).
 */
export function combSection() {
  const teeth = 249;
  const points: [number, number][] = [
    [0, 0],
    [4 * teeth, 0],
  ];
  for (let k = teeth - 1; k >= 0; k--) {
    const x = 4 * k;
    points.push([x + 3, 10], [x + 3, 60], [x + 1, 60], [x + 1, 10]);
  }
  return { shapes: [{ type: 'polygon', points }] };
}
