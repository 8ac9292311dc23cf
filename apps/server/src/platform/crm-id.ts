import { createHash } from 'node:crypto';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An 18-character id in the CRM's format: a 3-character object prefix and 15 characters from `key`. */
export function crmId(prefix: string, key: string): string {
  const digest = createHash('sha256').update(`${prefix}:${key}`).digest();
  let id = prefix;
  for (let i = 0; id.length < 18; i++) id += BASE62[digest[i]! % 62];
  return id;
}

/**
 * A certification's id, from what it is (contract, year, product): the same certification gets the same id
 * whether the demo seed or an import makes it.
 */
export const certificationId = (contractId: string, year: number, product: string) =>
  crmId('a1X', `${contractId}:${year}:${product}`);
