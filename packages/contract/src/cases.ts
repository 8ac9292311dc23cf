import * as z from 'zod/mini';
import { boundedLength, defineRoute, ErrorResponseSchema } from './common.ts';
import { personNameSchema } from './person-name.ts';

/** Spec part 1 §5: the Request Type options, in this order. */
export const CASE_REQUEST_TYPES = [
  'Billing Support',
  'Provider Search',
  'Claim Issue',
  'Prescription Drugs',
  'Other Support',
] as const;
export type CaseRequestType = (typeof CASE_REQUEST_TYPES)[number];

/** Texts of the case form (spec part 1 §2, §5, §8). */
export const CASE_MESSAGES = {
  title: 'Case form',
  dateOfBirthRequired: 'Date Of Birth is required',
  dateOfBirthInvalid: 'Date Of Birth is Invalid',
  validationErrorTitle: 'Validation error',
  requestTypeRequired: 'Request Type is required',
  carrierUnknown: 'Choose one of the carriers you are contracted with.',
  successTitle: 'Success',
  success: 'The form was submitted',
  errorTitle: 'Error',
  notAllowed: 'The case form is available to agents with Unlimited member support.',
  carriersFailed: 'Problem retrieving your carriers from server.',
} as const;

/** The form's labels (spec part 1 §2), in the order the screen shows them. */
export const CASE_LABELS = {
  memberName: 'Member Name',
  memberId: 'Member ID (if applicable)',
  dateOfBirth: 'Date of Birth',
  memberPhoneNumber: 'Member Phone Number',
  carrier: 'Carrier',
  requestType: 'Request Type',
  description: 'Description of Issue',
  carrierService: 'Optional - Existing carrier service or case number',
  send: 'Send',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A real calendar day between 1900 and today (UTC), given as year, month, day. */
function isValidBirthDate(year: number, month: number, day: number, today = new Date()): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1900 && date.getTime() <= today.getTime();
}

/** MM/DD/YYYY as typed → YYYY-MM-DD as sent (spec part 1 §9); null when it is not a valid date of birth. */
export function caseDateToIso(typed: string): string | null {
  const match = US_DATE.exec(typed.trim());
  if (!match) return null;
  const [, mm, dd, yyyy] = match as unknown as [string, string, string, string];
  return isValidBirthDate(Number(yyyy), Number(mm), Number(dd)) ? `${yyyy}-${mm}-${dd}` : null;
}

const optionalText = (max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`)), '');

const MemberNameSchema = personNameSchema({ max: 200, min: 0, messages: { tooLong: 'At most 200 characters' } });

/** Spec part 1 §3 Case report payload. Only the date of birth and the request type are required. */
export const CreateCaseReportRequestSchema = z.object({
  memberName: z._default(MemberNameSchema, ''),
  memberId: optionalText(64),
  dateOfBirth: z.string({ error: CASE_MESSAGES.dateOfBirthRequired }).check(
    z.minLength(1, { error: CASE_MESSAGES.dateOfBirthRequired, abort: true }),
    boundedLength(10, CASE_MESSAGES.dateOfBirthInvalid),
    z.refine((value) => {
      const match = ISO_DATE.exec(value);
      return !!match && isValidBirthDate(Number(match[1]), Number(match[2]), Number(match[3]));
    }, CASE_MESSAGES.dateOfBirthInvalid),
  ),
  memberPhoneNumber: optionalText(30).check(
    z.refine(
      (value) => value === '' || /^[\d\s()+.-]{7,30}$/.test(value),
      'Enter a phone number with digits, spaces, ( ) + . or -',
    ),
  ),
  requestType: z.enum(CASE_REQUEST_TYPES, { error: CASE_MESSAGES.requestTypeRequired }),
  carrier: optionalText(120),
  description: optionalText(4000),
  carrierService: optionalText(120),
});
export type CreateCaseReportRequest = z.input<typeof CreateCaseReportRequestSchema>;

/** What the screen holds: the date as typed (MM/DD/YYYY) and the request type possibly still empty. */
export const CaseFormSchema = z.object({
  memberName: MemberNameSchema,
  memberId: z.string().check(z.trim(), z.maxLength(64, 'At most 64 characters')),
  dateOfBirth: z.string().check(
    z.minLength(1, { error: CASE_MESSAGES.dateOfBirthRequired, abort: true }),
    z.refine((value) => caseDateToIso(value) !== null, CASE_MESSAGES.dateOfBirthInvalid),
  ),
  memberPhoneNumber: z.string().check(
    z.trim(),
    z.refine(
      (value) => value === '' || /^[\d\s()+.-]{7,30}$/.test(value),
      'Enter a phone number with digits, spaces, ( ) + . or -',
    ),
  ),
  carrier: z.string(),
  requestType: z.string().check(
    z.refine((value) => (CASE_REQUEST_TYPES as readonly string[]).includes(value), {
      message: CASE_MESSAGES.requestTypeRequired,
    }),
  ),
  description: z.string().check(z.trim(), z.maxLength(4000, 'At most 4000 characters')),
  carrierService: z.string().check(z.trim(), z.maxLength(120, 'At most 120 characters')),
});
export type CaseForm = z.infer<typeof CaseFormSchema>;

/** The payload of a valid form (the date turned to YYYY-MM-DD). */
export function toCaseReport(form: CaseForm): CreateCaseReportRequest {
  return {
    memberName: form.memberName.trim(),
    memberId: form.memberId.trim(),
    dateOfBirth: caseDateToIso(form.dateOfBirth) ?? '',
    memberPhoneNumber: form.memberPhoneNumber.trim(),
    requestType: form.requestType as CaseRequestType,
    carrier: form.carrier,
    description: form.description.trim(),
    carrierService: form.carrierService.trim(),
  };
}

export const createCaseReport = defineRoute({
  method: 'POST',
  path: '/arc/case/reportCase',
  summary: "File a member-support case; it is stored and e-mailed to the provider's member support",
  tags: ['cases'],
  auth: 'agent',
  body: CreateCaseReportRequestSchema,
  responses: {
    201: z.object({ message: z.string(), id: z.string() }),
    400: ErrorResponseSchema,
    403: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

export const listCaseCarriers = defineRoute({
  method: 'GET',
  path: '/arc/case/carriers',
  summary: 'The carriers the agent is contracted with, for the case form',
  tags: ['cases'],
  auth: 'agent',
  responses: { 200: z.object({ carriers: z.array(z.string()) }), 403: ErrorResponseSchema },
});
