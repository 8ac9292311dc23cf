// Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown) on Debian's Chromium,
// performance and accessibility of each route. Signed-in routes get the session the app would have after signing
// in: oidc-client-ts's stored user, written into sessionStorage before the app's scripts run, and the signed-in
// hint cookie the app sets with it (docs/decisions/web-loading-and-budget.md).
import fs from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@arc/contract/constants';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { root } from './lib.mjs';

/**
 * @param {{ base: string, routes: Array<{ name: string, path: string, signedIn: boolean }>,
 *           newStoredUser?: () => Promise<{ key: string, value: string }>, isSelfSigned?: boolean, runs?: number }} options
 * `newStoredUser` signs in afresh for each signed-in route: a whole pass outlasts one access token (15 minutes), and a
 * route measured after it expired would measure the redirect to the sign-in form instead.
 */
export async function measureLighthouse({ base, routes, newStoredUser, isSelfSigned = false, runs = RUNS }) {
  const browser = await puppeteer.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      // the deployed set-up's certificate is made for the run (bench/deployed.mjs)
      ...(isSelfSigned ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const results = {};
  try {
    for (const route of routes) {
      const perRun = [];
      const storedUser = route.signedIn && newStoredUser ? await newStoredUser() : undefined;
      for (let run = 0; run < runs; run++) perRun.push(await runOnce({ browser, base, route, storedUser }));
      // Lighthouse's own advice: several runs and their median, as one run varies by several points
      const median = middleBy(perRun, (r) => r.performance);
      // a run that scored 0 (its metrics failed) says why, whichever run the median is
      const failedRuns = perRun.filter((r) => r.errors).map((r) => r.errors.join('; '));
      results[route.name] = {
        ...median,
        // Lighthouse's CPU index of this machine during the route's runs (their median): the same build scores
        // lower where it is lower, and where fresh memory is slow to come by (`machine` in the results)
        cpuIndex: middleBy(perRun, (r) => r.cpuIndex).cpuIndex,
        ...(runs > 1 ? { runs: perRun.map((r) => r.performance) } : {}),
        ...(failedRuns.length > 0 ? { failedRuns } : {}),
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** the middle one of `items` ordered by `key` (the lower middle one of an even count) */
const middleBy = (items, key) => items.toSorted((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)];

/** how many Lighthouse runs each route gets (the median is reported, every run's score beside it) */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** One Lighthouse run of one route in a new tab. */
async function runOnce({ browser, base, route, storedUser }) {
  const page = await browser.newPage();
  if (route.signedIn && storedUser) {
    await page.evaluateOnNewDocument(
      (origin, key, value) => {
        if (globalThis.location.origin === origin) globalThis.sessionStorage.setItem(key, value);
      },
      new URL(base).origin,
      storedUser.key,
      storedUser.value,
    );
    await page.setCookie({ name: SIGNED_IN_HINT_COOKIE, value: '1', url: base });
  }
  const runner = await lighthouse(
    `${base}${route.path}`,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    undefined,
    page,
  );
  await page.close();
  const lhr = runner?.lhr;
  // BENCH_LIGHTHOUSE_SAVE=1 keeps each whole report (the last run's), to read its long tasks and waterfall
  if (process.env.BENCH_LIGHTHOUSE_SAVE === '1' && lhr) {
    const dir = path.join(root, '.tmp', 'lighthouse');
    fs.mkdirSync(dir, { recursive: true });
    const file = `${new URL(base).protocol.replace(':', '')}-${route.name.replace(/[^\w]+/g, '_')}.json`;
    fs.writeFileSync(path.join(dir, file), JSON.stringify(lhr));
  }
  const audit = (id) => lhr?.audits[id]?.numericValue;
  return {
    path: decodeURIComponent(route.path),
    finalUrl: lhr?.finalDisplayedUrl,
    performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr?.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint') ?? 0),
    lcpMs: Math.round(audit('largest-contentful-paint') ?? 0),
    tbtMs: Math.round(audit('total-blocking-time') ?? 0),
    cls: Math.round((audit('cumulative-layout-shift') ?? 0) * 1000) / 1000,
    cpuIndex: Math.round(lhr?.environment?.benchmarkIndex ?? 0),
    // a run whose metrics could not be computed scores 0: say why instead of a bare 0
    ...metricErrors(lhr),
    // what Lighthouse says costs most, to fix first
    opportunities: Object.values(lhr?.audits ?? {})
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
      .map((a) => `${a.id} ${Math.round(a.details.overallSavingsMs)} ms`),
    failedAccessibility: (lhr?.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

/** Lighthouse's own reason when the run or one of its metrics failed (e.g. NO_LCP), or nothing. */
function metricErrors(lhr) {
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'];
  const errors = [
    lhr?.runtimeError?.code,
    ...metrics.map((id) => lhr?.audits[id]?.errorMessage && `${id}: ${lhr.audits[id].errorMessage}`),
  ].filter(Boolean);
  return errors.length ? { errors } : {};
}
