// One file per area (docs/architecture.md); drizzle-kit reads this index.
export * from './account.ts';
export * from './dashboard.ts';
export * from './files.ts';
export * from './identity.ts';
export * from './platform.ts';
export * from './places.ts';
export * from './profile.ts';
export * from './telemetry.ts';
export * from './terms.ts';
export * from './training.ts';
export * from './compliance.ts';
export * from './commissions.ts';
export * from './final-expense.ts';
export * from './supplies.ts';
export * from './enrollments.ts';
export * from './prospects.ts';
export * from './content.ts';
