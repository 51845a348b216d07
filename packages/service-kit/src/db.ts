import postgres from 'postgres';

export type Sql = postgres.Sql;

/**
 * One connection pool per service. Columns come back camelCased and parameters go out
 * snake_cased, so SQL stays idiomatic and TypeScript stays idiomatic.
 */
export const createSql = (url: string, options: { max?: number; schema?: string } = {}): Sql =>
  postgres(url, {
    max: options.max ?? 20,
    transform: postgres.camel,
    onnotice: () => {},
    connection: {
      application_name: options.schema ? `starforge-${options.schema}` : 'starforge',
      ...(options.schema ? { search_path: options.schema } : {}),
    },
  });
