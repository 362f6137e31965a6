/** Every response schema, by domain; the OpenAPI document names its components from these exports. */
export * from './common';
export * from './accounts';
export * from './health';
export * from './songs';
export * from './outbox';
export * from './pitching';
export * from './preview-access';
export * from './admin';
export * from './songwriters';
export * from './orders';
export * from './submissions';
export * from './reviews';
export * from './agreements';
export * from './pitch-report';
export * from './placements';
export * from './review-notes';
