import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

/** The specs of the project that runs after every other one (see `projects`). */
const AFTER_THE_OTHERS = /staff-terms\.spec\.ts$/;

/**
 * End-to-end against the production build served by the real server, on a fresh PGlite data directory
 * with the demo data. Debian's Chromium; never `playwright install`.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../.tmp/test-results',
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: BASE_URL,
    // no screencast: its frames cost a third of the suite's time on a 2-core machine; DOM snapshots stay
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: AFTER_THE_OTHERS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // Specs that change what every agent sees (a new terms version sends every signed-in agent to the terms gate):
    // run alone, once the others are done, against the same server.
    {
      name: 'after-the-others',
      testMatch: AFTER_THE_OTHERS,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
