/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
