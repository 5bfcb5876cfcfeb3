export * from './auth';
export * from './messages';
export * from './permissions';
export * from './resource';
export * from './roles';
export * from './user-cookie';
export * from './users';
export * from './validation';
