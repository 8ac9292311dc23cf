import { CERTIFICATION_IMPORT_COLUMNS, CrmIdSchema } from '@arc/contract';
import * as z from 'zod/mini';
import { lineIssue, type ImportKindSpec, type ImportOutcome } from '../../platform/csv-import.ts';
import { insertCertifications, selectCertificationKeys, selectContractIds, type CertificationKey } from './queries.ts';

const CertificationLineSchema = z.object({
  contract_id: z.pipe(z.string().check(z.trim()), CrmIdSchema),
  year: z.coerce
    .number({ error: 'is not a year' })
    .check(z.int('is not a year'), z.gte(1990, 'is before 1990'), z.lte(2100, 'is after 2100')),
  product: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is over 100 characters')),
});

const keyOf = (c: CertificationKey) => `${c.contractId}, ${c.year}, ${c.product}`;

/**
 * The certifications import (docs/data-import.md, docs/decisions/imports-and-jobs.md): a line is a certification of a
 * contract's holder for a year and a product. A contract that is not on file is a rejected line (import the contracts
 * first); a certification already on file is unchanged; the others are new. Lines only add: certifications absent from
 * the file are left alone.
 */
export function certificationsKind(): ImportKindSpec<CertificationKey> {
  return {
    noun: 'certification',
    columns: CERTIFICATION_IMPORT_COLUMNS,
    auditAction: 'certifications.imported',
    keyColumns: 'contract_id, year and product',
    keyOf,
    parseLine(cells) {
      const parsed = CertificationLineSchema.safeParse(cells);
      if (!parsed.success) return { reason: lineIssue(parsed.error) };
      const { contract_id: contractId, year, product } = parsed.data;
      return { row: { contractId, year, product } };
    },
    async compare(db, lines) {
      const ids = [...new Set(lines.map((l) => l.row.contractId))];
      const known = await selectContractIds(db, ids);
      const onFile = await selectCertificationKeys(db, [...known], keyOf);
      return lines.map(({ row, key }): ImportOutcome => {
        if (!known.has(row.contractId)) {
          return { outcome: 'rejected', reason: `contract_id: no contract ${row.contractId} on file` };
        }
        if (onFile.has(key)) return { outcome: 'unchanged' };
        return {
          outcome: 'new',
          changes: () => ({
            contract_id: { before: null, after: row.contractId },
            year: { before: null, after: String(row.year) },
            product: { before: null, after: row.product },
          }),
        };
      });
    },
    async write(tx, lines) {
      await insertCertifications(
        tx,
        lines.map((l) => l.row),
      );
    },
  };
}
