/**
 * `text` as a LIKE / ILIKE pattern that matches it literally anywhere: `\`, `%` and `_` escaped
 * (LIKE's default escape is `\`), so a search for "50%" or "a_b" finds exactly that.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
