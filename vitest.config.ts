import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two cores in CI: keep worker count small so servers started by tests (redis, chromium) get CPU.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
