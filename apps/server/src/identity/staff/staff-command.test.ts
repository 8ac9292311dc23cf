import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../modules/audit/service.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { runStaffCommand } from './staff-command.ts';

let t: TestApp;
let run: (command: string | undefined, email?: string, role?: string) => Promise<string[]>;

beforeAll(async () => {
  t = await createTestApp();
  run = (command, email, role) =>
    runStaffCommand(
      { db: t.database.db, clock: t.clock, recordAudit, publicUrl: t.config.publicUrl },
      { command, email, role },
    );
});
afterAll(async () => {
  await t?.close();
});

describe('npm run staff', () => {
  it('adds an account and prints its one-time enrolment link, lists, resets and disables it', async () => {
    const added = await run('add', 'First.Admin@Example.org', 'admin');
    expect(added[0]).toBe('Staff account first.admin@example.org (admin) created.');
    const link = /(http:\/\/localhost:8080\/staff\/enrol\/[\w-]+)$/.exec(added[1]!)?.[1];
    expect(link).toBeDefined();
    const token = link!.split('/').at(-1)!;
    expect((await t.app.inject({ method: 'GET', url: `/arc/staff/enrolment/${token}` })).statusCode).toBe(200);
    expect(await run('list')).toEqual(['first.admin@example.org\tadmin\tactive\tnot enrolled\tlast sign-in never']);

    const reset = await run('reset-2fa', 'first.admin@example.org');
    expect(reset[1]).toMatch(/\/staff\/enrol\//);
    // the earlier link is spent by the new one
    expect((await t.app.inject({ method: 'GET', url: `/arc/staff/enrolment/${token}` })).statusCode).toBe(410);

    expect(await run('disable', 'first.admin@example.org')).toEqual([
      'Disabled first.admin@example.org; 0 session(s) ended.',
    ]);
    expect((await run('list'))[0]).toContain('\tdisabled\t');
  });

  it('refuses an unknown role, a bad e-mail, an unknown account, a duplicate and an unknown command', async () => {
    await expect(run('add', 'x@example.org', 'boss')).rejects.toThrow(/--role must be one of/);
    await expect(run('add', 'not-an-address', 'admin')).rejects.toThrow(/not an e-mail address/);
    await expect(run('disable', 'nobody@example.org')).rejects.toThrow(/No staff account/);
    await run('add', 'dup@example.org', 'support');
    await expect(run('add', 'DUP@example.org', 'support')).rejects.toThrow(/dup@example.org/);
    await expect(run('frob')).rejects.toThrow(/usage: npm run staff/);
    await expect(run('disable')).rejects.toThrow(/usage: npm run staff/);
  });
});
