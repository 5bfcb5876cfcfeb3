// What every API test file imports: engines, a real server on a fresh database, an SPA-like client, mail.
export * from './client';
export * from './databases';
export * from './mail';
export * from './public-reader';
export * from './registry';
export * from './server';
export * from './webauthn';
