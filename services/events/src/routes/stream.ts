import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { apiErrorSchema, parseStreamCursor, REALTIME_HEARTBEAT_MS, STREAM_CURSOR_PATTERN } from '@starforge/contracts/shared';
import { createRouter, type AuthEnv } from '@starforge/service-kit';
import type { EventHub } from '../domain/event-hub';
import { tokenExpiryMs } from './token-expiry';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

export interface StreamDeps {
  hub: EventHub;
  requireUser: MiddlewareHandler<AuthEnv>;
}

/**
 * `GET /stream`: the tab's one live event stream. The access token travels in the
 * Authorization header (the browser reads the stream with fetch, not EventSource), so it
 * never appears in a URL or an access log.
 */
export const streamRoutes = ({ hub, requireUser }: StreamDeps) => {
  const route = createRoute({
    method: 'get',
    path: '/stream',
    tags: ['events'],
    summary: 'The signed-in user’s live events and the public events (server-sent events)',
    description: [
      'A `text/event-stream` of the caller’s own events and of public events (a listing sold, a bounty claimed: ids only).',
      'Each event has `id:` (the stream’s position `<user>:<public>`, the last user and public event ids sent; send the last one back as',
      '`Last-Event-ID` when reconnecting to replay what was missed, kept 15 minutes), `event:` (its type, e.g.',
      '`session.ended`) and `data:` (JSON with ids and small facts). `stream.open` (no id, data `{ replayed, complete }`)',
      'says the stream is live after its replay; `complete` is false when events may have been missed (no Last-Event-ID,',
      `or events after it already deleted). \`stream.end\` (no id) says why the server is closing it: \`token_expired\` (reconnect with a fresh token),`,
      `\`signed_out\`, or \`interrupted\` (reconnect after a delay). A comment line arrives every ${REALTIME_HEARTBEAT_MS / 1000} s.`,
    ].join(' '),
    security: [{ bearerAuth: [] }],
    middleware: [requireUser] as const,
    request: {
      headers: z.object({
        'last-event-id': z.string().regex(STREAM_CURSOR_PATTERN, 'Last-Event-ID must be a stream position (<user>:<public>) or an event id').optional(),
      }),
    },
    responses: {
      200: { description: 'The stream; it stays open', content: { 'text/event-stream': { schema: z.string() } } },
      400: errorResponse('Last-Event-ID is not a stream position'),
      401: errorResponse('invalid_jwt or session_not_found'),
      503: errorResponse('The keys that sign tokens could not be fetched'),
    },
  });

  return createRouter().openapi(route, (c) => {
    const lastEventId = c.req.valid('header')['last-event-id'];
    const connection = hub.open({
      user: c.var.user,
      lastEventId: lastEventId === undefined ? null : parseStreamCursor(lastEventId),
      expiresAtMs: tokenExpiryMs(c.req.header('authorization')),
    });
    return c.body(connection.body, 200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Tells nginx-like proxies not to buffer the stream.
      'x-accel-buffering': 'no',
      // A stream's connection is not reused after it ends, and a stopping server need not wait for it.
      connection: 'close',
    });
  });
};
