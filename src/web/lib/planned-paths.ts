/**
 * Pages that other work items build. Links to them are real already and show the 404 page until the
 * page lands; then move the path into PAGE_PATHS (src/common/routes.ts) and import it from there.
 */
export const PLANNED_PATHS = {} as const;
