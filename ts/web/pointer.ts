/**
 * JSON pointers (RFC 6901) into the model the page edits: every field's `name` is its pointer, and an
 * issue's dotted path (`loads.1.magnitude`) is the same place written the validators' way.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Container = Json[] | { [key: string]: Json };

/** `/loads/1/magnitude` -> `['loads', '1', 'magnitude']` */
export function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pointer(parts: readonly (string | number)[]): string {
  // escaped only where needed: the results tables name ~10,000 numbers of a 1,000-member truss on every edit
  let at = '';
  for (const part of parts) {
    const token = String(part);
    at += `/${token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token}`;
  }
  return at;
}

/** An issue's dotted path (`loads.1.magnitude`, ts/schema/validate.ts) as the field's pointer. */
export function pointerOfPath(path: string): string {
  return path === '' ? '' : pointer(path.split('.'));
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function child(container: Container, key: string): Json | undefined {
  return Array.isArray(container) ? container[Number(key)] : container[key];
}

export function get(root: unknown, at: string): Json | undefined {
  let value = root as Json | undefined;
  for (const key of tokens(at)) {
    if (!isContainer(value)) return undefined;
    value = child(value, key);
  }
  return value;
}

/**
 * Sets the value at the pointer, making the objects on the way; `undefined` deletes the member, and an
 * object left empty by that is deleted too (an optional group like `settlement` with nothing in it).
 */
export function set(root: Container, at: string, value: Json | undefined): void {
  const keys = tokens(at);
  const last = keys.pop();
  if (last === undefined) throw new Error('cannot replace the whole model through a pointer');
  const path: [Container, string][] = [];
  let node: Container = root;
  for (const key of keys) {
    let next = child(node, key);
    if (!isContainer(next)) {
      if (value === undefined) return;
      next = {};
      if (Array.isArray(node)) node[Number(key)] = next;
      else node[key] = next;
    }
    path.push([node, key]);
    node = next;
  }
  if (value !== undefined) {
    if (Array.isArray(node)) node[Number(last)] = value;
    else node[last] = value;
    return;
  }
  if (Array.isArray(node)) return;
  delete node[last];
  // prune the objects this emptied, innermost first (never an array: a row stays a row)
  for (let k = path.length - 1; k >= 0; k--) {
    const [parent, key] = path[k]!;
    const emptied = child(parent, key);
    if (Array.isArray(parent) || Array.isArray(emptied) || !isContainer(emptied) || Object.keys(emptied).length > 0) break;
    delete parent[key];
  }
}
