export * from './profile.ts';
export * from './identity.ts';
export * from './platform.ts';
export * from './dashboard.ts';
