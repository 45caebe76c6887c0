/** Public surface of the providers layer. */
export * from './types';
export * from './errors';
export * from './notices';
export * from './session';
export * from './http';
export * from './diff';
export * from './excel';
export * from './captcha';
export * from './dataProvider';
export * from './idempotency';
export * from './authProvider';
export * from './login';
