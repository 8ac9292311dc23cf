import {
  AddressSuggestionsQuerySchema,
  ADDRESS_QUERY_MAX_LENGTH,
  caseDateToIso,
  CaseFormSchema,
  CreateSupplyOrderHeadersSchema,
  CrmIdSchema,
  EMAIL_MAX_LENGTH,
  EmailSchema,
  formatPlanMoney,
  IMPORT_REJECTED_CONTENT_CHARS,
  isIsoDate,
  NpnSchema,
  passesPasswordRules,
  PASSWORD_MAX_LENGTH,
  rejectedLineContent,
  ZipCodeSchema,
} from '@arc/contract';
import * as contentDisposition from 'content-disposition';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import * as rangeParser from 'range-parser';
import { describe, expect, it } from 'vitest';
import { cleanFileName } from './modules/enrollments/service.ts';
import { isWellFormedDownloadToken } from './modules/files/download-tokens.ts';
import { parseUsAddress } from './modules/geo/address-parser.ts';
import { bearerToken } from './platform/auth.ts';
import { isCommonPassword } from './platform/common-passwords.ts';
import { preferredEncoding } from './platform/compression.ts';
import { isErrorEvent } from './platform/telemetry.ts';

/**
 * Every regular expression the server applies to what a caller sends, through the validator or function that
 * applies it, with the longest input the contract lets through and well beyond (headers and file names have no
 * contract bound but the server's). A regex that backtracks takes seconds or minutes on a few hundred of its own
 * separators (parse-address took minutes on 188 characters of "& "); a linear one takes microseconds. Each input
 * is built from repetitions of the pattern's own characters and separators with a tail that makes it fail late.
 * A check over the budget (250 ms) is timed twice more and the fastest counts: a pause of the machine does not repeat,
 * backtracking does. Headers stop at Node's 16 KB limit. A new regex on user input gets a line here.
 */
interface Target {
  name: string;
  /** the longest input the contract accepts (the test goes to four times that, at least 4,000 characters) */
  maxLength: number;
  /** characters and pieces the pattern is made of */
  pieces: string[];
  run: (input: string) => unknown;
  /** a request header: Node refuses more than 16 KB of them, so the test stops there */
  isHeader?: boolean;
}

const request = (authorization: string) => ({ headers: { authorization } }) as unknown as FastifyRequest;

const TARGETS: Target[] = [
  {
    name: 'address search (contract) and parser',
    maxLength: ADDRESS_QUERY_MAX_LENGTH,
    pieces: ['& ', ',', ' ', 'St', '1', 'a', '#', 'Apt', 'N', 'County R', 'WI', '53703', '-', '.'],
    run: (q) => {
      AddressSuggestionsQuerySchema.safeParse({ q });
      return parseUsAddress(q);
    },
  },
  {
    name: 'e-mail address (zod email)',
    maxLength: EMAIL_MAX_LENGTH,
    pieces: ['a', '.', '@', '-', '_', 'a.', '.a', "'", '+', 'a-'],
    run: (email) => [EmailSchema.safeParse(email), EmailSchema.safeParse(email.slice(0, EMAIL_MAX_LENGTH))],
  },
  {
    name: "a rejected import line's content (its control characters as pictures)",
    // a CSV line holds up to the import's size; the content keeps its first IMPORT_REJECTED_CONTENT_CHARS
    maxLength: IMPORT_REJECTED_CONTENT_CHARS,
    pieces: ['a', ',', '\u0000', '\u0007', '\t', '"', '\u007f'],
    run: (v) => rejectedLineContent(v),
  },
  { name: 'NPN', maxLength: 10, pieces: ['1', '0', ' ', 'a'], run: (v) => NpnSchema.safeParse(v) },
  { name: 'contract CRM id', maxLength: 18, pieces: ['a', 'A', '1', '-'], run: (v) => CrmIdSchema.safeParse(v) },
  {
    name: 'password rules and common-password check',
    maxLength: PASSWORD_MAX_LENGTH,
    pieces: ['a', 'A', '1', '!', '_', ' ', '@', 'é', '😀'],
    run: (v) => [passesPasswordRules(v), isCommonPassword(v)],
  },
  {
    name: 'case form dates and phone number',
    maxLength: 30,
    pieces: ['1', '/', '-', ' ', '(', ')', '+', '.', 'a'],
    run: (v) => [caseDateToIso(v), CaseFormSchema.shape.memberPhoneNumber.safeParse(v), isIsoDate(v)],
  },
  { name: 'ZIP code', maxLength: 5, pieces: ['1', '5', '-', ' '], run: (v) => ZipCodeSchema.safeParse(v) },
  {
    name: 'Idempotency-Key header',
    maxLength: 100,
    pieces: ['a', '.', ':', '-', '_', ' '],
    run: (v) => CreateSupplyOrderHeadersSchema.safeParse({ 'idempotency-key': v }),
  },
  { name: 'plan money', maxLength: 100, pieces: ['$', ',', ' ', '1', '.'], run: formatPlanMoney },
  {
    name: 'Authorization header',
    isHeader: true,
    maxLength: 16_384,
    pieces: ['Bearer', ' ', '\t', 'a', 'Bearer '],
    run: (v) => [bearerToken(request(v)), bearerToken(request(`Bearer ${v}`))],
  },
  {
    name: 'Range header',
    isHeader: true,
    maxLength: 16_384,
    pieces: ['bytes=', '1', '-', ',', ' '],
    run: (v) => [rangeParser.parse(1000, v), rangeParser.parse(1000, `bytes=${v}`)],
  },
  {
    name: 'Accept-Encoding header',
    isHeader: true,
    maxLength: 16_384,
    pieces: ['gzip', 'br', ';', 'q=0', '.', '0', ' ', ','],
    run: preferredEncoding,
  },
  {
    name: 'upload file name',
    maxLength: 16_384,
    pieces: ['/', '\\', 'a', '.', ' ', '\u202e', '%', '"', 'é'],
    run: (v) => contentDisposition.create(cleanFileName(v)),
  },
  { name: 'telemetry event name', maxLength: 100, pieces: ['_', 'error', 'failed', 'a', '_error'], run: isErrorEvent },
  { name: 'download token', maxLength: 43, pieces: ['a', '-', '_', '='], run: isWellFormedDownloadToken },
];

// Far above a linear pattern's microseconds and far below a backtracking one's seconds on these lengths, so that a
// busy machine (the whole suite on two cores) never fails a sound pattern
const BUDGET_MS = 250;

const timeOf = (run: () => unknown) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

/** A prefix, one piece repeated to `length`, and a tail that fails the pattern late. */
const adversarial = (target: Target) => {
  const limit = target.isHeader ? target.maxLength : Math.max(4 * target.maxLength, 4000);
  const piece = fc.constantFrom(...target.pieces);
  return fc
    .record({
      prefix: fc.array(piece, { maxLength: 3 }),
      repeated: fc.array(piece, { minLength: 1, maxLength: 3 }),
      length: fc.oneof(
        fc.integer({ min: Math.max(1, target.maxLength - 5), max: target.maxLength }),
        fc.integer({ min: target.maxLength, max: limit }),
      ),
      tail: fc.constantFrom('!', 'x', ' ', '\u0000', ...target.pieces),
    })
    .map(({ prefix, repeated, length, tail }) => {
      const unit = repeated.join('');
      return (prefix.join('') + unit.repeat(Math.ceil(length / unit.length))).slice(0, length) + tail;
    });
};

/** the fastest of up to three timings: a pause of the machine does not repeat, backtracking does */
const bestTimeOf = (run: () => unknown) => {
  let best = timeOf(run);
  for (let i = 0; i < 2 && best >= BUDGET_MS; i += 1) best = Math.min(best, timeOf(run));
  return best;
};

describe('regular expressions on user input', () => {
  it.each(TARGETS.map((t) => [t.name, t] as const))('%s answers long adversarial input within 250 ms', (_, target) => {
    // the first call compiles the patterns and the code
    target.run(target.pieces.join(''));
    const result = fc.check(
      fc.property(adversarial(target), (input) => bestTimeOf(() => target.run(input)) < BUDGET_MS),
      { numRuns: 60 },
    );
    const input = result.counterexample?.[0] ?? '';
    // the counterexample, shortened: a repeated piece of thousands of characters says nothing more
    expect(
      result.failed
        ? `${JSON.stringify(input.slice(0, 80))}… (${input.length} characters) took over ${BUDGET_MS} ms`
        : 'ok',
    ).toBe('ok');
  });
});
