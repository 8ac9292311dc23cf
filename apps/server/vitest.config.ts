import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // each PGlite costs about 250 MB and a core: two files at a time on this machine
    pool: 'forks',
    maxWorkers: 2,
    // a worker runs file after file (docs/decisions/testing.md): the app's import graph is loaded once per
    // worker instead of once per file — a third less CPU for the server suite; every file still builds its own app
    // on its own fresh database
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
