/* global document, HTMLInputElement, MutationObserver, requestAnimationFrame -- the timed part runs in the page */
// The demo agency's 5,000-agent hierarchy (bench/README.md): the API call, opening the Hierarchy View in Chromium
// until the tree is drawn, a search keystroke until the tree shows its result, and the 5,000-row roster
// (time to the last byte and the server's peak memory growth). Part of `npm run bench`; also runs alone:
// `node bench/contracts.mjs` starts its own server on a fresh data directory (port BENCH_PORT, default 8291).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { mb, medianMax as summary, root, round, sampleRss, signInPage, startServer, stop, waitReady } from './lib.mjs';

/** One search keystroke in the page: from the input event to the tree's change plus the next frame. */
function timeKeystroke(page, { value, caseSensitive }) {
  return page.evaluate(
    async ({ value, caseSensitive }) => {
      const box = document.querySelector('input[placeholder="Name or writing number"]');
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Case sensitive');
      const check = document.getElementById(label.htmlFor);
      if (check && check.checked !== caseSensitive) check.click();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      const status = document.querySelector('[data-testid="hierarchy-status"]');
      const tree = document.querySelector('[role="tree"]');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no change after typing ${value}`)), 10_000);
        let started = 0;
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() => {
            clearTimeout(timer);
            resolve({ ms: performance.now() - started, status: status.textContent });
          });
        });
        observer.observe(tree, { childList: true, subtree: true, characterData: true, attributes: true });
        observer.observe(status, { childList: true, subtree: true, characterData: true });
        started = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, value);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    { value, caseSensitive },
  );
}

/**
 * @param {{ page: import('@playwright/test').Page, base: string, token: string, serverPid: number }} options
 * `page` is signed in as the demo agent.
 */
export async function measureContracts({ page, base, token, serverPid }) {
  const auth = { authorization: `Bearer ${token}` };
  const contracts = await (await fetch(`${base}/arc/agents/contracts`, { headers: auth })).json();
  const agency = contracts.response.find(
    (c) => c.Contact__r.RecordType.Name === 'Agency' && c.Carrier__r.Name === 'Anthem',
  );

  // the API: GET /arc/agent/downlines/:id of 5,000 agents
  const apiTimes = [];
  let downlines = [];
  let bytes = 0;
  for (let i = 0; i < 8; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/arc/agent/downlines/${agency.Id}`, { headers: auth });
    const text = await res.text();
    if (i > 0) apiTimes.push(performance.now() - started);
    bytes = text.length;
    downlines = JSON.parse(text).data;
  }

  // the roster of all 5,000: time to the last byte and the server's peak RSS growth
  const body = JSON.stringify({
    downlines: downlines.map((d) => ({
      contractId: d.contractId,
      Account: d.contactName,
      Upline: d.uplineName,
      'Writing Number': d.WritingNumber__c ?? '',
      Carrier: d.carrierName,
    })),
  });
  const rosterTimes = [];
  let rosterBytes = 0;
  const rss = sampleRss(serverPid, 10);
  for (let i = 0; i < 4; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/arc/agent/downlinereport`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
    });
    const file = await res.arrayBuffer();
    if (!res.ok) throw new Error(`roster answered ${res.status}`);
    // the first is a warm-up (exceljs and the query plan)
    if (i > 0) rosterTimes.push(performance.now() - started);
    rosterBytes = file.byteLength;
  }
  const { before, peak } = rss.stop();

  // the browser: open the view until the tree is drawn (API + building the tree + first render)
  await page.goto('/profile');
  await page.getByRole('table', { name: /Agency Contracts/ }).waitFor({ timeout: 30_000 });
  const openTimes = [];
  for (let i = 0; i < 3; i++) {
    // a fresh load each time (the answer is cached for half a minute otherwise)
    await page.goto('/profile');
    await page.getByRole('button', { name: /^Show Downlines: Anthem/ }).waitFor({ timeout: 30_000 });
    const started = Date.now();
    await page.getByRole('button', { name: /^Show Downlines: Anthem/ }).click();
    await page.getByText('5,000 agents below this contract').waitFor({ timeout: 30_000 });
    await page.getByRole('treeitem').first().waitFor();
    openTimes.push(Date.now() - started);
  }

  // search keystrokes, as typed, both ways; "a" matches nearly everyone (every path open: the worst case)
  const typed = [];
  for (const value of ['s', 'sm', 'smi', 'smit', 'smith', 'smit', 'smi']) typed.push({ value, caseSensitive: false });
  for (const value of ['S', 'Sm', 'Smi', 'Smit', 'Smith']) typed.push({ value, caseSensitive: true });
  const keystrokeTimes = [];
  for (const step of typed) keystrokeTimes.push((await timeKeystroke(page, step)).ms);
  const everyone = await timeKeystroke(page, { value: 'a', caseSensitive: false });
  const cleared = await timeKeystroke(page, { value: '', caseSensitive: false });
  const domRows = await page.locator('[role="treeitem"]').count();

  return {
    agents: downlines.length,
    api: { ...summary(apiTimes), bodyKB: Math.round(bytes / 1024) },
    openViewMs: summary(openTimes),
    searchKeystroke: summary(keystrokeTimes),
    searchMatchingEveryPathMs: round(everyone.ms),
    searchMatchingEveryPathStatus: everyone.status,
    clearSearchMs: round(cleared.ms),
    treeRowsInDom: domRows,
    roster5000: {
      ...summary(rosterTimes),
      fileKB: Math.round(rosterBytes / 1024),
      requestKB: Math.round(body.length / 1024),
      serverRssGrowthMB: round(mb(peak - before)),
    },
  };
}

// ── alone: its own server on a fresh data directory ────────────────────────────────────────────────
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.BENCH_PORT ?? 8291);
  const base = `http://localhost:${port}`;
  const dataDir = path.join(root, '.tmp', 'bench-contracts-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = startServer({ port, dataDir });
  try {
    await waitReady(`${base}/readyz`, 180_000);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await (await browser.newContext({ baseURL: base })).newPage();
    const token = await signInPage(page);
    const results = await measureContracts({ page, base, token, serverPid: server.pid });
    console.log(JSON.stringify({ contracts5000: results }, null, 2));
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    fs.writeFileSync(
      path.join(root, '.tmp', 'bench-contracts.json'),
      JSON.stringify({ at: new Date().toISOString(), contracts5000: results }, null, 2),
    );
    await browser.close();
  } finally {
    await stop(server);
  }
}
