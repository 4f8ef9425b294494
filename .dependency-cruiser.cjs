/**
 * The import rules of docs/architecture.md ("Layers"), checked by `make lint`
 * (`npm run lint:layers`). test/lint/layers.test.ts shows each rule failing on a file that breaks it.
 */
const DOMAIN = '^ts/(problem|units|combinations|sections|schema|svg|solve|engine)/';
const SERVICE = '^ts/(server|mcp|limits|keys|openapi)/';
// Node-only loaders inside the domain: a file named node.ts, or *.node.ts, may use Node's built-ins.
// Only service code (or another loader) imports them, so the rest of the domain still runs in a browser.
const NODE_LOADER = '[/.]node\\.ts$';
// Packages of the service layer: the web framework, the stores and the MCP server.
const SERVICE_PACKAGES = '(^|/)node_modules/(koa|koa-[^/]+|@koa/[^/]+|ioredis|better-sqlite3|@modelcontextprotocol/[^/]+)/';

// The order of docs/architecture.md ("Who may import whom"): modules matching the first pattern may not
// import those matching the second.
const ORDER = [
  ['problem-at-the-bottom', '^ts/problem/', '^ts/(?!problem/)'],
  ['base-below-schema', '^ts/(units|combinations|sections)/', '^ts/(schema|svg|solve|engine)/'],
  ['schema-below-readers', '^ts/schema/', '^ts/(svg|solve|engine)/'],
  ['svg-below-solve', '^ts/svg/', '^ts/(solve|engine)/'],
  // the engine facade knows no API field names
  ['engine-facade-alone', '^ts/engine/', '^ts/(?!engine/)'],
  ['domain-not-to-service', DOMAIN, SERVICE],
  ['web-not-to-service', '^ts/web/', SERVICE],
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...ORDER.map(([name, from, to]) => ({ name, severity: 'error', from: { path: from }, to: { path: to } })),
    {
      name: 'domain-no-service-packages',
      comment: 'The domain and ts/web know no Koa, no stores and no MCP server: they run in a browser.',
      severity: 'error',
      from: { path: [DOMAIN, '^ts/web/'] },
      to: { path: SERVICE_PACKAGES },
    },
    {
      name: 'domain-no-node-builtins',
      comment: 'No node:* module in the domain or ts/web but in the Node loaders (node.ts, *.node.ts).',
      severity: 'error',
      from: { path: [DOMAIN, '^ts/web/'], pathNot: [NODE_LOADER] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-not-to-node-loader',
      comment: 'A browser-safe file never pulls in a Node loader; service code picks the loader.',
      severity: 'error',
      from: { path: [DOMAIN, '^ts/web/'], pathNot: NODE_LOADER },
      to: { path: NODE_LOADER },
    },
    { name: 'no-circular', severity: 'error', from: { path: '^ts/' }, to: { circular: true } },
    {
      name: 'not-to-dev-dependency',
      comment: 'Shipped code (ts/) imports only runtime dependencies.',
      severity: 'error',
      from: { path: '^ts/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a layer that names another layer's types depends on it.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
