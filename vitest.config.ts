import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/build-setup.ts'],
    // Generous: on a shared machine (load 15 on 2 cores) a test runs many times slower than alone, and a
    // test's waits end on events, not deadlines (test/wait.ts); a hung test still ends, after 10 minutes.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
