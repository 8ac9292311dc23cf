import { describe, expect, it } from 'vitest';
import { CASE_MESSAGES, CaseFormSchema, caseDateToIso, CreateCaseReportRequestSchema, toCaseReport } from './cases.ts';

describe('caseDateToIso', () => {
  it('turns MM/DD/YYYY into YYYY-MM-DD', () => {
    expect(caseDateToIso('03/09/1954')).toBe('1954-03-09');
    expect(caseDateToIso('02/29/2000')).toBe('2000-02-29');
  });

  it('refuses days that do not exist, future dates and other shapes', () => {
    for (const typed of ['02/30/1950', '02/29/1900', '13/01/1950', '1/9/1954', '1954-03-09', '01/01/2999', '']) {
      expect(caseDateToIso(typed), typed).toBeNull();
    }
  });
});

describe('CaseFormSchema and toCaseReport', () => {
  const form = {
    memberName: ' Rosa ',
    memberId: '',
    dateOfBirth: '03/09/1954',
    memberPhoneNumber: '',
    carrier: '',
    requestType: 'Claim Issue',
    description: '',
    carrierService: '',
  };

  it('gives a payload the server accepts', () => {
    const parsed = CaseFormSchema.parse(form);
    const payload = toCaseReport(parsed);
    expect(payload).toMatchObject({ memberName: 'Rosa', dateOfBirth: '1954-03-09', requestType: 'Claim Issue' });
    expect(CreateCaseReportRequestSchema.safeParse(payload).success).toBe(true);
  });

  it("says the spec's messages", () => {
    const errors = (values: object) =>
      CaseFormSchema.safeParse({ ...form, ...values }).error?.issues.map((issue) => issue.message);
    expect(errors({ dateOfBirth: '' })).toEqual([CASE_MESSAGES.dateOfBirthRequired]);
    expect(errors({ dateOfBirth: '02/30/1950' })).toEqual([CASE_MESSAGES.dateOfBirthInvalid]);
    expect(errors({ requestType: '' })).toEqual([CASE_MESSAGES.requestTypeRequired]);
  });
});
