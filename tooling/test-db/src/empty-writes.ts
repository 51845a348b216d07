import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, IDEMPOTENCY_KEY_HEADER, type ServiceName } from '@starforge/contracts/shared';
import { missingBodyMessage, serveApp, type ServiceApp } from '@starforge/service-kit';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { enum?: unknown[]; format?: string; type?: string };
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
}

export interface OpenApiPaths {
  paths: Record<string, Record<string, Operation>>;
}

export interface JsonWrite {
  method: string;
  /** The path with every parameter filled (a UUID, a number, or the first value its schema allows). */
  url: string;
  /** `METHOD /document/path`, to name the route in a failure. */
  route: string;
  /** Whether the route requires its body (else an absent one is `{}`). */
  required: boolean;
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json$/i;

const sampleOf = (parameter: Parameter): string => {
  const { schema } = parameter;
  if (schema?.enum?.[0] !== undefined) return String(schema.enum[0]);
  if (schema?.format === 'uuid') return randomUUID();
  return schema?.type === 'integer' || schema?.type === 'number' ? '1' : 'x';
};

/**
 * Every route of an OpenAPI document that takes a JSON body on a write, with its path
 * parameters and required query parameters filled, so a new route is walked without a list.
 */
export const jsonWritesOf = (doc: OpenApiPaths): JsonWrite[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method, op]) => WRITES.has(method) && Object.keys(op.requestBody?.content ?? {}).some((type) => JSON_TYPE.test(type)))
      .map(([method, op]) => {
        const parameters = op.parameters ?? [];
        const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
          return encodeURIComponent(parameter ? sampleOf(parameter) : 'x');
        });
        const query = new URLSearchParams(parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sampleOf(p)]));
        const url = query.size > 0 ? `${filled}?${query}` : filled;
        return { method: method.toUpperCase(), url, route: `${method.toUpperCase()} ${path}`, required: op.requestBody?.required === true };
      }),
  );

/** What a browser of the product's own origin adds, and what curl sends: nothing. */
const VARIANTS: Record<string, Record<string, string>> = {
  'no headers': {},
  'an Origin only': { origin: 'http://localhost:3000' },
};

interface Answer {
  status: number;
  message: string | null;
}

/** The status and error message of an answer (null: not the error shape). */
const answerOf = async (res: Response): Promise<Answer> => {
  const body = apiErrorSchema.safeParse(await res.json().catch(() => null));
  return { status: res.status, message: body.success ? body.data.error.message : null };
};

/**
 * Every JSON write of the service, sent over a real socket (as @hono/node-server serves it in
 * production) with no body and no Content-Type, by a signed-in user with an Idempotency-Key:
 * each whose body is required answers 400, in the route's own words (naming the field) as it
 * answers `{}`, or, where `{}` passes its schema, with the kit's missingBodyMessage; a route
 * whose body is optional answers as it answers `{}`. Never a fault, and nothing is logged
 * (issue 26, item 9: these were a 500 with a stack trace each, so anyone could flood the log).
 */
export const describeEmptyWrites = (domain: ServiceName, open: () => { app: ServiceApp; token: () => Promise<string> }) =>
  describe(`${domain}: JSON writes with no body`, () => {
    it('answers every one 400 in the route’s words, as it answers {}, and logs nothing', async () => {
      const { app, token } = open();
      const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
      const logged = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const doc = (await (await fetch(`${origin}/api/${domain}/openapi.json`)).json()) as OpenApiPaths;
        const faults: string[] = [];
        for (const write of jsonWritesOf(doc)) {
          // A user per route, so the per-user write limit is never what answers.
          const signedIn = { authorization: `Bearer ${await token()}` };
          const send = async (headers: Record<string, string>, body?: string) =>
            answerOf(
              await fetch(`${origin}${write.url}`, {
                method: write.method,
                headers: { ...headers, ...signedIn, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
                ...(body === undefined ? {} : { body }),
              }),
            );
          const empty = await send({ 'content-type': 'application/json' }, '{}');
          for (const [variant, headers] of Object.entries(VARIANTS)) {
            const answer = await send(headers);
            // zod's own words ("Invalid input: expected string, received undefined") name no field.
            const unnamed = answer.message?.startsWith('Invalid input') ?? false;
            const asEmpty = answer.status === empty.status && (empty.status < 300 || answer.message === empty.message);
            const refused = answer.status === 400 && (answer.message === empty.message || answer.message === missingBodyMessage);
            if (unnamed || !(write.required ? refused : asEmpty)) {
              faults.push(`${write.route} (${variant}): ${answer.status} ${answer.message}; {} answers ${empty.status} ${empty.message}`);
            }
          }
        }
        expect(faults).toEqual([]);
        expect(logged.flatMap((spy) => spy.mock.calls)).toEqual([]);
      } finally {
        for (const spy of logged) spy.mockRestore();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
