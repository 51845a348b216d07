import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

declare const jsonOf: unique symbol;

/** `JSON.stringify` of a `T`, kept as text: an answer made once and sent many times (a cached page). */
export type JsonText<T> = string & { readonly [jsonOf]: T };

export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/**
 * Sends JSON made earlier by `jsonText`, exactly as `c.json(value, status)` would send the value
 * (same Content-Type) and typed as its answer, without serializing it again.
 */
export const sendJsonText = <T, S extends ContentfulStatusCode>(c: Context, text: JsonText<T>, status: S) =>
  c.body(text, status, { 'content-type': 'application/json' }) as unknown as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
