import { describe, expect, it } from 'vitest';
import type { ImportLineOf } from '../../platform/csv-import.ts';
import { compareContracts, inTreeOrder, type ContractRow } from './contracts.ts';
import type { ContractOnFile } from './queries.ts';

const row = (id: string, upline: string | null): ContractRow => ({
  id,
  holderNpn: null,
  contactName: `Contact ${id}`,
  recordType: 'Person Account',
  carrierName: 'Humana',
  status: 'Active',
  writingNumber: null,
  uplineContractId: upline,
  hierarchyReportId: null,
});
const lines = (rows: ContractRow[]): ImportLineOf<ContractRow>[] =>
  rows.map((r, i) => ({ line: i + 2, key: r.id, row: r }));
const onFile = (rows: ContractRow[]) => new Map<string, ContractOnFile>(rows.map((r) => [r.id, r]));
const outcomes = (file: ContractRow[], existing: ContractRow[] = []) =>
  compareContracts(lines(file), onFile(existing), new Map()).map((o) =>
    o.outcome === 'rejected' ? o.reason : o.outcome,
  );

describe('the contracts import: the hierarchy check', () => {
  it('rejects every line of a cycle, names it from that line, and accepts the lines hanging below it', () => {
    expect(outcomes([row('A', 'C'), row('B', 'A'), row('C', 'B'), row('D', 'A')])).toEqual([
      'upline_contract_id: makes a cycle of uplines (A → C → B → A)',
      'upline_contract_id: makes a cycle of uplines (B → A → C → B)',
      'upline_contract_id: makes a cycle of uplines (C → B → A → C)',
      'new',
    ]);
  });

  it('finds a cycle through contracts on file, and accepts a move that keeps the tree', () => {
    const existing = [row('R', null), row('S', 'R'), row('T', 'S')];
    expect(outcomes([row('R', 'T')], existing)).toEqual([
      'upline_contract_id: makes a cycle of uplines (R → T → S → R)',
    ]);
    expect(outcomes([row('T', 'R'), row('S', null)], existing)).toEqual(['changed', 'changed']);
  });

  it('walks a chain of 200,000 contracts once, without recursion', { timeout: 30_000 }, () => {
    const chain = Array.from({ length: 200_000 }, (_, i) => row(`C${i}`, i === 0 ? null : `C${i - 1}`)).reverse();
    const started = performance.now();
    expect(new Set(outcomes(chain))).toEqual(new Set(['new']));
    const ordered = inTreeOrder(lines(chain));
    expect(ordered[0]!.id).toBe('C0');
    expect(ordered.at(-1)!.id).toBe('C199999');
    // each contract walked once: a walk per line would be 2·10¹⁰ steps
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
