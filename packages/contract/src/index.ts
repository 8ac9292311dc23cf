export * from './common.ts';
export * from './messages.ts';
export * from './password-policy.ts';
export * from './identity.ts';
export * from './user.ts';
export * from './dashboard.ts';
export * from './files.ts';
export * from './telemetry.ts';
