export * from './agents.ts';
export * from './identity.ts';
export * from './platform.ts';
export * from './dashboard.ts';
export * from './places.ts';
export * from './prospects.ts';
