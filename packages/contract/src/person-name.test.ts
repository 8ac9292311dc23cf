import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CaseFormSchema, CreateCaseReportRequestSchema } from './cases.ts';
import { UpdateEnrollmentStatusRequestSchema } from './enrollments.ts';
import { PERSON_NAME_MESSAGES, personNameSchema } from './person-name.ts';
import { CreateSoaRequestSchema, SignSoaRequestSchema, SoaRequestFormSchema } from './soa.ts';
import { CreateStaffAgentSchema } from './staff-agents.ts';

const NOT_ONE_LINE = [
  'Rosa\nhttp://evil.example',
  'Rosa\r\nBcc: x@evil.example',
  'Rosa\tMartínez',
  'Rosa\u0000',
  'Rosa\u2028Martínez',
  'Rosa\u202Eevil',
  'Rosa\u2066evil',
];

const messagesOf = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('personNameSchema', () => {
  const schema = personNameSchema({ max: 120 });

  it('takes one line of plain text, trimmed', () => {
    expect(z.parse(schema, '  Rosa Martínez ')).toBe('Rosa Martínez');
    expect(z.parse(schema, 'Evil.com Bank')).toBe('Evil.com Bank');
    expect(z.parse(schema, "Seán O'Brien-Núñez")).toBe("Seán O'Brien-Núñez");
  });

  it('refuses line breaks, tabs, control and bidirectional characters with one clear message', () => {
    for (const value of NOT_ONE_LINE)
      expect(messagesOf(z.safeParse(schema, value)), JSON.stringify(value)).toEqual([PERSON_NAME_MESSAGES.oneLine]);
  });

  it('checks the length first and stops there', () => {
    expect(messagesOf(z.safeParse(schema, `${'\n'.repeat(10)}x${'\u0000'.repeat(200)}`))).toEqual([
      PERSON_NAME_MESSAGES.tooLong(120),
    ]);
    expect(messagesOf(z.safeParse(schema, '   '))).toEqual([PERSON_NAME_MESSAGES.required]);
  });
});

describe('every person-name field of the contract', () => {
  const fields: Array<[string, (name: string) => { success: boolean }]> = [
    ['SOA beneficiaryName', (name) => z.safeParse(CreateSoaRequestSchema, soa(name))],
    ['SOA form beneficiaryName', (name) => z.safeParse(SoaRequestFormSchema, soaForm(name))],
    ['SOA signerName', (name) => z.safeParse(SignSoaRequestSchema, signature({ signerName: name }))],
    [
      'SOA relationship',
      (name) => z.safeParse(SignSoaRequestSchema, signature({ signer: 'representative', relationship: name })),
    ],
    ['case memberName', (name) => z.safeParse(CreateCaseReportRequestSchema, caseReport(name))],
    ['case form memberName', (name) => z.safeParse(CaseFormSchema, caseForm(name))],
    ['staff agent firstName', (name) => z.safeParse(CreateStaffAgentSchema, staffAgent({ firstName: name }))],
    ['staff agent lastName', (name) => z.safeParse(CreateStaffAgentSchema, staffAgent({ lastName: name }))],
    [
      'enrollment ClientFirst',
      (name) => z.safeParse(UpdateEnrollmentStatusRequestSchema, enrollment('ClientFirst', name)),
    ],
    [
      'enrollment ClientLast',
      (name) => z.safeParse(UpdateEnrollmentStatusRequestSchema, enrollment('ClientLast', name)),
    ],
  ];

  it.each(fields)('%s takes one line and refuses more', (_, parse) => {
    expect(parse('Evil.com Bank').success).toBe(true);
    for (const value of NOT_ONE_LINE) expect(parse(value).success, JSON.stringify(value)).toBe(false);
  });
});

const soa = (beneficiaryName: string) => ({
  beneficiaryName,
  email: 'rosa@example.org',
  mobile: '',
  language: 'en',
  appointmentAt: '2026-09-30T17:00:00.000Z',
  appointmentKind: 'phone',
  products: ['part-d'],
  exceptionReason: null,
});
const soaForm = (beneficiaryName: string) => ({
  beneficiaryName,
  email: 'rosa@example.org',
  mobile: '',
  language: 'en',
  date: '2026-09-30',
  time: '10:00',
  appointmentKind: 'phone',
  products: ['part-d'],
  exceptionReason: '',
});
const signature = (overrides: Record<string, string>) => ({
  signer: 'beneficiary',
  relationship: '',
  signerName: 'Rosa Martínez',
  products: ['part-d'],
  agreed: true,
  ...overrides,
});
const caseReport = (memberName: string) => ({ memberName, dateOfBirth: '1954-03-09', requestType: 'Other Support' });
const caseForm = (memberName: string) => ({
  memberName,
  memberId: '',
  dateOfBirth: '03/09/1954',
  memberPhoneNumber: '',
  requestType: 'Other Support',
  carrier: '',
  description: '',
  carrierService: '',
});
const staffAgent = (overrides: Record<string, string>) => ({
  npn: '12345678',
  firstName: 'Rosa',
  lastName: 'Martínez',
  email: 'rosa@example.org',
  state: 'WI',
  tier: 'Standard',
  ...overrides,
});
const enrollment = (field: string, name: string) => ({ status: 'Received', [field]: name });
