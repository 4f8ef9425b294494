//! Equation numbering: the order of the free degrees of freedom, chosen to keep the skyline small.
//!
//! Reverse Cuthill-McKee numbers by breadth-first levels, so each equation couples only to the
//! level before it; the profile (and the factorisation's work, about the sum of the squared column
//! heights) follows the widest level. Rooted at one dof, the levels of a braced frame are L-shaped
//! (a diagonal brace makes a corner's distance the larger of its row and column distances), twice
//! as wide as a storey; rooted at every dof a support holds, the levels are the storeys. Which is
//! better depends on the structure, so both are numbered and the smaller factorisation kept: a
//! breadth-first search costs a few microseconds, the factorisation milliseconds.
//!
//! Written here rather than taken from a crate: `sprs` (the maintained sparse-matrix crate with a
//! Cuthill-McKee) orders a whole matrix from one start and would need the matrix built first, in
//! its own format; the choice of starts above is what saves the work.

use std::collections::VecDeque;

/// The nodes' coupling (nodes with a free dof; two are coupled when an element joins them), in
/// compressed rows, and which nodes share an element with a prescribed dof.
struct Graph {
    row_start: Vec<usize>,
    row_end: Vec<usize>,
    adjacency: Vec<usize>,
    next_to_support: Vec<bool>,
    /// Free dofs of each node.
    free: Vec<usize>,
}

impl Graph {
    fn build<'a>(
        nodes: &Nodes,
        prescribed: &[bool],
        elements: impl Iterator<Item = &'a [usize]> + Clone,
    ) -> Self {
        let count = nodes.count(prescribed.len());
        let mut free = vec![0usize; count];
        for (d, _) in prescribed.iter().enumerate().filter(|(_, &held)| !held) {
            free[nodes.of(d)] += 1;
        }
        // an element's nodes with a free dof, each once (an element joins a handful of nodes)
        let joined = |dofs: &[usize], out: &mut Vec<usize>| {
            out.clear();
            for &d in dofs.iter().filter(|&&d| !prescribed[d]) {
                if !out.contains(&nodes.of(d)) {
                    out.push(nodes.of(d));
                }
            }
        };
        let mut row_start = vec![0usize; count + 1];
        let mut next_to_support = vec![false; count];
        let mut ends = Vec::new();
        for dofs in elements.clone() {
            joined(dofs, &mut ends);
            let held = dofs.iter().any(|&d| prescribed[d]);
            for &a in &ends {
                row_start[a + 1] += ends.len() - 1;
                next_to_support[a] |= held;
            }
        }
        for n in 0..count {
            row_start[n + 1] += row_start[n];
        }
        let mut adjacency = vec![0usize; row_start[count]];
        let mut row_end = row_start[..count].to_vec();
        for dofs in elements {
            joined(dofs, &mut ends);
            for &a in &ends {
                for &b in ends.iter().filter(|&&b| b != a) {
                    adjacency[row_end[a]] = b;
                    row_end[a] += 1;
                }
            }
        }
        let mut graph = Graph {
            row_start,
            row_end,
            adjacency,
            next_to_support,
            free,
        };
        graph.deduplicate();
        graph
    }

    /// Distinct neighbours, in no particular order (the search sorts what it takes):
    /// `mark[b] == n + 1` once b is kept in row n.
    fn deduplicate(&mut self) {
        let mut mark = vec![0usize; self.row_end.len()];
        for n in 0..self.row_end.len() {
            let row = &mut self.adjacency[self.row_start[n]..self.row_end[n]];
            let mut kept = 0;
            for k in 0..row.len() {
                let b = row[k];
                if mark[b] != n + 1 {
                    mark[b] = n + 1;
                    row[kept] = b;
                    kept += 1;
                }
            }
            self.row_end[n] = self.row_start[n] + kept;
        }
    }

    fn neighbours(&self, d: usize) -> &[usize] {
        &self.adjacency[self.row_start[d]..self.row_end[d]]
    }

    fn degree(&self, d: usize) -> usize {
        self.row_end[d] - self.row_start[d]
    }

    /// Cuthill-McKee over the nodes: breadth first from `first` (taken as the first level, in that
    /// order), then each part left over from its lowest-degree node; neighbours by increasing
    /// degree.
    fn cuthill_mckee(&self, first: &[usize]) -> Vec<usize> {
        let count = self.free.len();
        let mut search = Search {
            order: Vec::with_capacity(count),
            seen: self.free.iter().map(|&f| f == 0).collect(),
            queue: VecDeque::new(),
            next: Vec::new(),
        };
        search.from(self, first);
        let mut starts: Vec<usize> = (0..count).filter(|&n| self.free[n] > 0).collect();
        starts.sort_by_key(|&n| (self.degree(n), n));
        for start in starts {
            search.from(self, &[start]);
        }
        search.order
    }

    /// The factorisation's work for a node order: the sum of the squared column heights, a node's
    /// dofs numbered one after another.
    fn work(&self, order: &[usize]) -> usize {
        let mut first_equation = vec![0usize; self.free.len()];
        let mut eq = 0;
        for &n in order {
            first_equation[n] = eq;
            eq += self.free[n];
        }
        order
            .iter()
            .map(|&n| {
                let top = first_equation[n];
                let lowest = self.neighbours(n).iter().map(|&m| first_equation[m]).min();
                let above = top - lowest.unwrap_or(top).min(top);
                (0..self.free[n]).map(|k| (above + k).pow(2)).sum::<usize>()
            })
            .sum()
    }
}

/// A breadth-first search's state, kept across the parts of the structure.
struct Search {
    order: Vec<usize>,
    seen: Vec<bool>,
    queue: VecDeque<usize>,
    next: Vec<usize>,
}

impl Search {
    /// Numbers what `level` (unseen nodes of it, as the first level) reaches.
    fn from(&mut self, graph: &Graph, level: &[usize]) {
        for &d in level {
            if !self.seen[d] {
                self.seen[d] = true;
                self.queue.push_back(d);
            }
        }
        while let Some(d) = self.queue.pop_front() {
            self.order.push(d);
            self.next.clear();
            let unseen = graph.neighbours(d).iter().filter(|&&n| !self.seen[n]);
            self.next.extend(unseen);
            self.next.sort_unstable_by_key(|&n| (graph.degree(n), n));
            for &n in &self.next {
                self.seen[n] = true;
                self.queue.push_back(n);
            }
        }
    }
}

/// How dofs group into nodes: a node's dofs are numbered together, so the search runs over nodes
/// (a ninth of the pairs of a frame's dofs).
pub struct Nodes {
    /// Dofs per node; dof `d` belongs to node `d / per_node`. 1 numbers dof by dof.
    pub per_node: usize,
}

impl Nodes {
    fn of(&self, dof: usize) -> usize {
        dof / self.per_node
    }

    fn count(&self, dof_count: usize) -> usize {
        dof_count.div_ceil(self.per_node)
    }
}

/// The free dofs in equation order: reverse Cuthill-McKee over the nodes, from the lowest-degree
/// node or from every node next to a support, whichever factorises with less work.
pub fn order<'a>(
    nodes: &Nodes,
    prescribed: &[bool],
    elements: impl Iterator<Item = &'a [usize]> + Clone,
) -> Vec<usize> {
    let graph = Graph::build(nodes, prescribed, elements);
    let mut lowest = graph.cuthill_mckee(&[]);
    lowest.reverse();
    // in the model's order: the nodes along a support line are usually numbered along it, so each
    // level after keeps that order and couples only to its neighbours in the level before
    let held: Vec<usize> = (0..graph.free.len())
        .filter(|&n| graph.next_to_support[n] && graph.free[n] > 0)
        .collect();
    let chosen = if held.is_empty() {
        lowest
    } else {
        let mut storeys = graph.cuthill_mckee(&held);
        storeys.reverse();
        if graph.work(&storeys) < graph.work(&lowest) {
            storeys
        } else {
            lowest
        }
    };
    let dof_count = prescribed.len();
    let dofs_of = |n: usize| n * nodes.per_node..((n + 1) * nodes.per_node).min(dof_count);
    chosen
        .into_iter()
        .flat_map(|n| dofs_of(n).filter(|&d| !prescribed[d]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid `width` nodes wide and `height` high, one dof a node, every panel braced both ways,
    /// its bottom row held: the shape of a braced multi-storey frame.
    fn braced_grid(width: usize, height: usize) -> (Vec<bool>, Vec<[usize; 2]>) {
        let at = |c: usize, l: usize| l * width + c;
        let mut elements = Vec::new();
        for l in 0..height {
            for c in 0..width {
                if c + 1 < width {
                    elements.push([at(c, l), at(c + 1, l)]);
                }
                if l + 1 < height {
                    elements.push([at(c, l), at(c, l + 1)]);
                }
                if c + 1 < width && l + 1 < height {
                    elements.push([at(c, l), at(c + 1, l + 1)]);
                    elements.push([at(c + 1, l), at(c, l + 1)]);
                }
            }
        }
        let prescribed = (0..width * height).map(|d| d < width).collect();
        (prescribed, elements)
    }

    #[test]
    fn a_braced_grid_held_along_its_base_is_numbered_storey_by_storey() {
        // From one corner the levels are L-shaped (a brace makes the corner's distance the larger
        // of row and column distance), up to 2·width − 1 nodes; storey by storey they are `width`,
        // so no element spans more than a storey and one node: width + 1 equations.
        let (width, height) = (5, 12);
        let (prescribed, elements) = braced_grid(width, height);
        let order = order(
            &Nodes { per_node: 1 },
            &prescribed,
            elements.iter().map(|e| &e[..]),
        );
        let mut eq = vec![usize::MAX; prescribed.len()];
        for (k, &d) in order.iter().enumerate() {
            assert_eq!(eq[d], usize::MAX, "dof {d} numbered twice");
            eq[d] = k;
        }
        assert_eq!(order.len(), width * (height - 1));
        let band = elements
            .iter()
            .filter(|e| !prescribed[e[0]] && !prescribed[e[1]])
            .map(|e| eq[e[0]].abs_diff(eq[e[1]]))
            .max();
        assert_eq!(band, Some(width + 1));
    }

    #[test]
    fn a_nodes_free_dofs_are_numbered_together() {
        // two nodes of three dofs, the first node's middle dof held
        let prescribed = [false, true, false, false, false, false];
        let element = [0usize, 1, 2, 3, 4, 5];
        let order = order(
            &Nodes { per_node: 3 },
            &prescribed,
            std::iter::once(&element[..]),
        );
        let first = order.iter().position(|&d| d == 0).unwrap();
        assert!(
            order == [0, 2, 3, 4, 5] || order == [3, 4, 5, 0, 2],
            "{order:?}"
        );
        assert!(first == 0 || first == 3);
    }
}
