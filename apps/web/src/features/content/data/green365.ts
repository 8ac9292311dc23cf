import type { ContentLink, ContentVideo } from './types.ts';

/** /green365: GREEN365 for D-SNP, the year-round dual-eligible sales program. */
export const GREEN365 = {
  title: 'GREEN365 for DSNP',
  tagline: 'The year-round system agents use to write 100+ new dual-eligible clients a year.',
  enroll: { label: 'Join GREEN365', destination: 'green365Join' } satisfies ContentLink,
  highlights: [
    { value: '100+', label: 'new clients a year written by agents who follow the program' },
    { value: '6', label: 'focused training modules, about 10 minutes each' },
    { value: '12', label: 'monthly enrollment opportunities for dual-eligible clients' },
  ],
  videosHeading: 'Training modules',
  videos: [
    {
      videoId: 'green365-special-needs-plans',
      title: 'Module 1 · Special Needs Plans: D-SNP, C-SNP and I-SNP',
      description: 'Who each plan type serves and why D-SNPs are a year-round opportunity.',
    },
    {
      videoId: 'green365-medicare-savings-programs',
      title: 'Module 2 · Medicare Savings Programs and Extra Help',
      description: 'The Medicaid levels, QMB and SLMB, and how Extra Help lowers drug costs.',
    },
    {
      videoId: 'green365-enrollment-periods',
      title: 'Module 3 · Enrollment Periods for Dual-Eligible Clients',
      description: 'The monthly dual and LIS Special Enrollment Period, and how to document it.',
    },
    {
      videoId: 'green365-scope-of-appointment',
      title: 'Module 4 · Compliant Scope of Appointment',
      description: 'The 48-hour rule, its exceptions, and what to record before every appointment.',
    },
    {
      videoId: 'green365-annual-reviews',
      title: 'Module 5 · Annual Reviews with Your D-SNP Clients',
      description: 'Reading the Annual Notice of Change together and checking Medicaid eligibility every year.',
    },
    {
      videoId: 'green365-referrals',
      title: 'Module 6 · Building Referrals After the Enrollment',
      description: 'Service habits that turn one dual-eligible client into a community of referrals.',
    },
  ] satisfies ContentVideo[],
  note:
    'Plan availability, benefits and eligibility vary by state and county. Verify Medicaid eligibility in the ' +
    'carrier’s tool before every D-SNP enrollment.',
} as const;
