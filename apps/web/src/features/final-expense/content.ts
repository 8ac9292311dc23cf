/** What the Final Expense screen links to and plays; kept apart from the layout so content edits stay small. */
export const FINAL_EXPENSE_CONTENT = {
  eAppDirectory: { label: 'Carrier eApp Directory', href: 'https://www.naic.org/state_web_map.htm' },
  carrierTraining: { label: 'Carrier Training Videos', href: '/training/videos/Life%20Insurance' },
  introVideo: {
    id: 'final-expense-fundamentals',
    title: 'Final Expense Fundamentals',
    vimeoCode: null,
    isHosted: true,
  },
} as const;
