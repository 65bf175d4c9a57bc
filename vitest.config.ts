import { defineConfig } from 'vitest/config';

// Tests spawn real binaries (rg, fd, the built CLI) and real servers, so they get
// generous timeouts; the machine has two cores, so files run in two workers.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
