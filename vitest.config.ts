import { defineConfig } from 'vitest/config';

// Tests spawn real binaries (rg, fd, the built CLI) and real servers, so they get
// generous timeouts; the machine has two cores, so files run in two workers. The global setup
// rebuilds dist/ first when a source is newer, so a spawned CLI never runs stale code.
export default defineConfig({
  test: {
    globalSetup: ['src/test-support/fresh-build.ts'],
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
