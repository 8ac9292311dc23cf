import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './files.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* over the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="Caf_ 2026.pdf"; filename*=UTF-8''Caf%C3%A9%202026.pdf`)).toBe(
      'Café 2026.pdf',
    );
  });

  it('reads a quoted or bare filename, and nothing from no header', () => {
    expect(fileNameFromDisposition('attachment; filename="Agent Roster.xlsx"')).toBe('Agent Roster.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
