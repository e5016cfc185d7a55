export * from './geography.ts';
export * from './accounts.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './subscriptions.ts';
export * from './attempts.ts';
export * from './stats.ts';
export * from './system.ts';
