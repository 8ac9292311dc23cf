import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  ForgotPasswordRequestSchema,
  NPN_MAX_LENGTH,
  NPN_TOO_LONG,
  NpnSchema,
  RegisterAccountRequestSchema,
} from './account.ts';
import { FindStaffEnrollmentsQuerySchema } from './enrollments.ts';
import { LoginRequestSchema } from './identity.ts';
import { StaffSoaQuerySchema } from './soa.ts';
import { CreateStaffAgentSchema, StaffAgentParamsSchema } from './staff-agents.ts';

/** One NPN rule (issue 43): at most 10 digits, everywhere an NPN is taken, with the same reason. */
describe('the NPN rule', () => {
  const TEN = '1234567890';
  const ELEVEN = '12345678901';
  const messagesOf = (schema: z.ZodMiniType, value: unknown) =>
    schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  const cases: [string, z.ZodMiniType, (npn: string) => unknown][] = [
    ['NpnSchema (imports: roster, contracts, Ready-to-Sell, statements)', NpnSchema, (npn) => npn],
    ['register', RegisterAccountRequestSchema, (npn) => ({ agentNum: npn, action: 'registeraccount' })],
    ['forgot password', ForgotPasswordRequestSchema, (npn) => ({ agentNum: npn, action: 'forgotpassword' })],
    ['sign-in by NPN', LoginRequestSchema, (npn) => ({ username: npn, password: 'Whatever1' })],
    ['staff: an agent by NPN', StaffAgentParamsSchema, (npn) => ({ npn })],
    ['staff: enrollments by NPN', FindStaffEnrollmentsQuerySchema, (npn) => ({ npn })],
    ['staff: SOAs by NPN', StaffSoaQuerySchema, (npn) => ({ npn })],
  ];

  it.each(cases)('%s: 10 digits pass, 11 are refused with the NPN message', (_, schema, input) => {
    expect(NPN_MAX_LENGTH).toBe(10);
    expect(messagesOf(schema, input(TEN))).toEqual([]);
    expect(messagesOf(schema, input(ELEVEN))).toEqual([NPN_TOO_LONG]);
  });

  it('a new agent: 11 digits refused with the NPN message', () => {
    const agent = (npn: string) => ({ npn, firstName: 'Ada', lastName: 'Byron', email: 'ada@example.org' });
    expect(messagesOf(CreateStaffAgentSchema, agent(ELEVEN))).toContain(NPN_TOO_LONG);
    expect(messagesOf(CreateStaffAgentSchema, agent(TEN))).not.toContain(NPN_TOO_LONG);
  });

  it('a username of letters and digits is not an NPN: any length up to the username limit', () => {
    expect(messagesOf(LoginRequestSchema, { username: 'agent12345678901', password: 'Whatever1' })).toEqual([]);
  });
});
