import { paths } from '@arc/contract/constants';

/** What the Final Expense screen links to and plays; kept apart from the layout so content edits stay small. */
export const FINAL_EXPENSE_CONTENT = {
  // the app's directory of each carrier's e-application link (a state regulator map is not one)
  eAppDirectory: { label: 'Carrier eApp Directory', href: paths.carrierEApps },
  carrierTraining: { label: 'Carrier Training Videos', href: '/training/videos/Life%20Insurance' },
  introVideo: {
    id: 'final-expense-fundamentals',
    title: 'Final Expense Fundamentals',
    vimeoCode: null,
    isHosted: true,
  },
} as const;
