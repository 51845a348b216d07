/** postgres.js returns bigint columns as text; every amount here fits a double exactly (< 2^53). */
export const num = (value: string | number | bigint): number => Number(value);

/** A nullable bigint or integer column as a number or null. */
export const numOrNull = (value: string | number | bigint | null): number | null => (value === null ? null : Number(value));

/** A timestamp as the wire shows it (ISO 8601, UTC). */
export const iso = (value: Date): string => value.toISOString();
export const isoOrNull = (value: Date | null): string | null => (value === null ? null : value.toISOString());
