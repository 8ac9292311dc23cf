import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/licenses.mjs');

/** `npm run licenses --summary` over a made-up shipped tree (the installed package.json of each package). */
function check(packages: object[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-licenses-'));
  const file = path.join(dir, 'packages.json');
  fs.writeFileSync(file, JSON.stringify(packages));
  try {
    const run = spawnSync(process.execPath, [SCRIPT, '--summary'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', LICENSES_PACKAGES_FILE: file },
    });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const pkg = (name: string, version: string, extra: object = {}) => ({
  name,
  version,
  license: 'MIT',
  location: `node_modules/${name}`,
  ...extra,
});

describe('scripts/licenses.mjs: the recorded review of the shipped dependency tree', () => {
  it('fails for a deprecated package nobody reviewed, and names it', () => {
    const run = check([
      pkg('left-pad', '1.3.0', { deprecated: 'use String.prototype.padStart()' }),
      pkg('ok', '1.0.0'),
    ]);
    expect(run.status).toBe(1);
    expect(run.output).toContain('DEPRECATED, NOT REVIEWED: left-pad@1.3.0 ("use String.prototype.padStart()")');
  });

  it('passes a reviewed unmaintained package, saying why it stays, and only that version', () => {
    const reviewed = check([pkg('inflight', '1.0.6', { license: 'ISC', deprecated: 'This module is not supported' })]);
    expect(reviewed.status).toBe(0);
    expect(reviewed.output).toContain(
      'reviewed as unmaintained: inflight@1.0.6 (deprecated): deprecated (leaks memory)',
    );
    const newer = check([pkg('inflight', '1.0.7', { license: 'ISC', deprecated: 'This module is not supported' })]);
    expect(newer.status).toBe(1);
    expect(newer.output).toContain('DEPRECATED, NOT REVIEWED: inflight@1.0.7');
  });
});
