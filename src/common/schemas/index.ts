export * from './auth';
export * from './contact';
export * from './fields';
export * from './admin';
export * from './songs';
export * from './preview-access';
export * from './songwriters';
export * from './reviews';
