import type { ContentLink } from './types.ts';

/** /myquote: MyQuote, the quoting suite for every line of business. */
export const MY_QUOTE = {
  title: 'MyQuote',
  tagline: 'Compare plans from the carriers you are appointed with, in minutes.',
  openQuote: { label: 'Open MyQuote', destination: 'myQuoteOpen' } satisfies ContentLink,
  solutionsHeading: 'Quoting solutions',
  solutions: [
    {
      name: 'Medicare Supplement',
      description: 'Plans G, N and High-Deductible G by ZIP code, with household and rate-lock discounts.',
    },
    {
      name: 'Medicare Advantage',
      description: 'HMO, PPO and Special Needs Plans by county, with drug and doctor look-ups.',
    },
    {
      name: 'Final Expenses',
      description: 'Level, graded and guaranteed-issue whole life, with underwriting by prescription history.',
    },
    {
      name: 'Hospital Indemnity',
      description: 'Daily inpatient benefits that pair with Medicare Advantage copays.',
    },
  ],
  moreHeading: 'Also available',
  more: ['Long-term care', 'Major medical', 'Life insurance', 'Annuities'],
  appsHeading: 'Quote on the go',
  appsIntro: 'The MyQuote app has the same carriers and rates, and saves quotes to your account.',
  apps: [
    { label: 'Download on the App Store', destination: 'myQuoteAppStore' },
    {
      label: 'Get it on Google Play',
      destination: 'myQuoteGooglePlay',
    },
  ] satisfies ContentLink[],
} as const;
