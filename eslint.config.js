// ESLint (flat config): typescript-eslint's recommended rules over the repository's TypeScript, plus the
// browser-safety half of docs/architecture.md that an import graph cannot see (Node's globals).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// The domain must run in a browser; its Node loaders (node.ts, *.node.ts) are the exception, as in
// .dependency-cruiser.cjs, which checks the imports.
const DOMAIN = ['problem', 'units', 'combinations', 'sections', 'schema', 'svg', 'solve', 'engine', 'web'].map((d) => `ts/${d}/**/*.ts`);
const NODE_LOADERS = ['ts/**/node.ts', 'ts/**/*.node.ts'];
const NODE_GLOBALS = ['Buffer', 'process', 'global', '__dirname', '__filename', 'require', 'module'].map((name) => ({
  name,
  message: `${name} is Node's: the domain runs in a browser too (docs/architecture.md). Use a Web API, or put the Node part in a node.ts loader.`,
}));

export default defineConfig(
  globalIgnores(['dist/', 'pkg/', 'target/', 'crates/', 'data/', 'var/', 'test/output/', '.tools/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore is the codebase's mark for a value taken only to be left out (an unused
      // parameter an interface requires, or a field dropped from a rest spread).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: DOMAIN,
    ignores: [...NODE_LOADERS],
    rules: { 'no-restricted-globals': ['error', ...NODE_GLOBALS] },
  },
);
