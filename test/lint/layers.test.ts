/**
 * `make lint` keeps the layers of docs/architecture.md: its import check (`npm run lint:layers`, dependency-cruiser
 * with .dependency-cruiser.cjs) fails on a domain file importing Koa, a Node built-in or a ts/server module, and ESLint
 * fails on Node's globals in the domain. Each bad file is written into a copy of ts/, never into the repository.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** ts/ and what the check reads (package.json for the script and dependency types, tsconfig, the rules, pkg/). */
function copyOfTree(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'spanwise-layers-'));
  copies.push(dir);
  cpSync(join(repoRoot, 'ts'), join(dir, 'ts'), { recursive: true });
  for (const name of ['package.json', 'tsconfig.json', '.dependency-cruiser.cjs']) cpSync(join(repoRoot, name), join(dir, name));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // the engine facade's types come from the declarations wasm-bindgen writes into pkg/
  symlinkSync(join(repoRoot, 'pkg'), join(dir, 'pkg'), 'dir');
  // the OpenAPI examples take the triangle truss from the golden fixtures (test/fixtures/truss)
  mkdirSync(join(dir, 'test'));
  symlinkSync(join(repoRoot, 'test', 'fixtures'), join(dir, 'test', 'fixtures'), 'dir');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

/**
 * Runs the script `make lint` runs, in `dir`: its exit code (the number of errors) and each error as
 * `from -> to: rule`. node_modules is linked into the copy, so a package resolves outside it: name it from there.
 */
function lintLayers(dir: string): Promise<{ code: number; errors: string[] }> {
  return new Promise((done, fail) => {
    execFile('npm', ['run', '--silent', 'lint:layers'], { cwd: dir }, (error, stdout) => {
      if (error && typeof error.code !== 'number') return fail(error);
      const errors = [...stdout.matchAll(/^\s*error (\S+): (\S+) \u2192 (\S+)$/gm)].map(
        ([, rule, from, to]) => `${from} -> ${to!.replace(/^.*?node_modules\//, 'node_modules/')}: ${rule}`,
      );
      done({ code: error ? (error.code as number) : 0, errors });
    });
  });
}

describe('the import check of make lint', () => {
  it('passes the tree as it is', async () => {
    const { code, errors } = await lintLayers(copyOfTree());
    expect(errors).toEqual([]);
    expect(code).toBe(0);
  });

  it('fails on domain files importing koa, node:fs, a ts/server module or ts/solve from ts/svg', async () => {
    const dir = copyOfTree({
      'ts/svg/framework.ts': "import Koa from 'koa';\nexport const app = new Koa();\n",
      'ts/units/file.ts': "import { readFileSync } from 'node:fs';\nexport const read = (path: string) => readFileSync(path, 'utf8');\n",
      'ts/combinations/base-url.ts': "import { DEFAULT_BASE_URL } from '../server/app.js';\nexport const base = DEFAULT_BASE_URL;\n",
      'ts/svg/solved.ts': "import { solveBeam } from '../solve/beam.js';\nexport const solve = solveBeam;\n",
    });
    const { code, errors } = await lintLayers(dir);
    expect(errors.sort()).toEqual([
      'ts/combinations/base-url.ts -> ts/server/app.ts: domain-not-to-service',
      'ts/svg/framework.ts -> node_modules/koa/lib/application.js: domain-no-service-packages',
      'ts/svg/solved.ts -> ts/solve/beam.ts: svg-below-solve',
      'ts/units/file.ts -> fs: domain-no-node-builtins',
    ]);
    expect(code).toBe(4);
  });

  it('lets a Node loader (node.ts, *.node.ts) use Node, but no browser-safe domain file import it', async () => {
    const dir = copyOfTree({
      'ts/units/tables.node.ts':
        "import { readFileSync } from 'node:fs';\nexport const read = (path: string) => readFileSync(path, 'utf8');\n",
      'ts/units/tables.ts': "import { read } from './tables.node.js';\nexport const tables = read('tables.json');\n",
    });
    const { code, errors } = await lintLayers(dir);
    expect(code).toBe(1);
    expect(errors).toEqual(['ts/units/tables.ts -> ts/units/tables.node.ts: domain-not-to-node-loader']);
  });
});

describe('ESLint in make lint', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const errors = async (path: string, text: string) =>
    (await eslint.lintText(text, { filePath: join(repoRoot, path) }))[0]!.messages.map((m) => `${m.ruleId}: ${m.message.split(':')[0]}`);

  it("refuses Node's globals in the domain, and allows them in a Node loader and in service code", async () => {
    const text = "export const bytes = Buffer.from('beam', 'utf8');\n";
    expect(await errors('ts/svg/bytes.ts', text)).toEqual(["no-restricted-globals: Unexpected use of 'Buffer'. Buffer is Node's"]);
    expect(await errors('ts/engine/node.ts', text)).toEqual([]);
    expect(await errors('ts/server/bytes.ts', text)).toEqual([]);
  });
});
