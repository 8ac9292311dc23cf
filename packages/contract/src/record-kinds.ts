/**
 * The kinds and statuses that records of several areas name (an SOA's products and status, an enrollment's status),
 * in a module of their own: a screen that only names them (the client's page) does not load the SOA or enrollment
 * contract for them. Their areas re-export them.
 */
export const SOA_PRODUCTS = [
  'medicare-advantage',
  'part-d',
  'dental-vision-hearing',
  'hospital-indemnity',
  'medicare-supplement',
] as const;
export type SoaProduct = (typeof SOA_PRODUCTS)[number];

export const SOA_STATUSES = ['Sent', 'Opened', 'Signed', 'Expired', 'Cancelled'] as const;
export type SoaStatus = (typeof SOA_STATUSES)[number];

export const ENROLLMENT_STATUSES = [
  'Received',
  'In Review',
  'Pended',
  'Resolved',
  'Submitted',
  'Enrolled',
  'Declined',
  /** the beneficiary or the agent withdrew it before the carrier's answer */
  'Withdrawn',
  /** an enrolled plan cancelled afterwards */
  'Cancelled',
] as const;
