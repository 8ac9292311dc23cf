import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // user-event screens take a few seconds when the two cores are busy: a slow run is not a failure
    testTimeout: 15_000,
    // jsdom and Mantine are set up once per worker, not once per file (docs/decisions/testing.md): a quarter of the CPU
    isolate: false,
    // the same number of workers as the server project: projects that reuse workers run in one group (vitest asks
    // for equal limits there), two files at a time on this 2-core machine
    maxWorkers: 2,
  },
});
