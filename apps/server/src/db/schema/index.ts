export * from './agents.ts';
export * from './identity.ts';
export * from './platform.ts';
export * from './dashboard.ts';
export * from './training.ts';
export * from './compliance.ts';
export * from './commissions.ts';
export * from './final-expense.ts';
