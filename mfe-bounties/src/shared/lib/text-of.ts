/** Rendered markup as the user reads it, tags dropped and spaces folded, for component tests. */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&quot;/g, '"')
    .trim();
