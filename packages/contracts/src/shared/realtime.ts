/**
 * The live event stream (one per tab, `GET /api/events/stream`): constants of spec section 9,
 * the control messages of the stream, and the registry of event types. No zod here, so the
 * browser can import it without pulling zod in; the data schemas are in realtime-schema.ts.
 */

import type { EngineRunPurpose } from '../rewards/test-runs';

/** Where the stream is served (through the gateway, same origin as the page). */
export const EVENTS_STREAM_PATH = '/api/events/stream';

/** A comment line keeps an idle stream open through proxies (spec section 9). */
export const REALTIME_HEARTBEAT_MS = 25_000;

/** Waits before reconnecting after a failure: 1 s, 2 s, 5 s, then 10 s for every later try (spec section 9). */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** The delay before reconnect attempt `attempt` (0 for the first retry after a failure). */
export const realtimeReconnectDelay = (attempt: number): number =>
  REALTIME_RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), REALTIME_RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;

/**
 * Largest `data` an event may carry, as JSON text. NOTIFY payloads must stay under 8,000
 * bytes; events carry ids and small facts, and the screen refetches what it needs.
 */
export const MAX_EVENT_DATA_BYTES = 4_000;

/** Event type names: lowercase dotted, `<domain>.<what happened>` (`nft.mint_completed`). */
export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/**
 * Control messages of the stream itself. They carry no `id:` (so Last-Event-ID is not moved)
 * and are never stored: `stream.open` is sent once the stream is live (after any replay),
 * `stream.end` just before the server closes it, with the reason.
 */
export const STREAM_OPEN_EVENT = 'stream.open';
export const STREAM_END_EVENT = 'stream.end';

/**
 * Why the server ended a stream. `token_expired`: reconnect at once with a fresh token.
 * `signed_out`: the session ended; refresh the session (which signs the tab out if it is gone).
 * `interrupted` (the server is stopping, the client fell too far behind, the database failed):
 * reconnect after the usual delay with Last-Event-ID (another replica may answer).
 */
export type StreamEndReason = 'token_expired' | 'signed_out' | 'interrupted';

export interface StreamOpenData {
  /** How many missed events were replayed before this message (from Last-Event-ID). */
  replayed: number;
  /**
   * Whether that replay holds every event since Last-Event-ID. False on a first connection (no
   * Last-Event-ID) and when the client was away longer than events are kept: events may have
   * been missed, so screens refetch what they show.
   */
  complete: boolean;
}
export interface StreamEndData {
  reason: StreamEndReason;
}

/**
 * User events: each goes to the open streams of one user (`publishEvent` in the service kit).
 * A domain adds its events here and their zod schemas in realtime-schema.ts (the compiler
 * insists on both), e.g.
 *
 *     'nft.mint_completed': { mintId: string; status: 'completed' | 'failed' };
 *
 * Data holds ids and small facts only; a screen refetches what it shows.
 */
export interface UserEventMap {
  /**
   * A session was signed out. The events service ends that session's streams at once
   * (without it, within one heartbeat); other tabs and devices of the user may react.
   */
  'session.ended': { sessionId: string };
  /**
   * The user's points, cash, tokens or counters changed (a test finished, a mint was credited,
   * a conversion, a stake, a withdrawal, a bounty payout). Screens refetch what they show.
   */
  'rewards.account_changed': { reason: string };
  /** A test run started (in this tab or another): history and today's count change. */
  'rewards.test_run_started': { runId: string };
  /** A contract suite's run moved on (issue 27): compiling, or tests done of the total; sent at most a few times a second. */
  'rewards.test_run_progress': { runId: string; phase: 'compiling' | 'running'; testsDone: number; testsTotal: number };
  /**
   * A test run finished; `points` is what it earned. `purpose` names another domain's engine run
   * (a bounty's proof, a code check, a re-check: rewards.start_engine_run), which earns nothing
   * and is not the Testing Engine's to announce; absent for the user's own runs.
   */
  'rewards.test_run_finished': { runId: string; status: 'completed' | 'failed'; points: number; purpose?: EngineRunPurpose };
  /** A withdrawal was sent: its simulated Solana transaction signature. */
  'rewards.withdrawal_completed': { withdrawalId: string; amountCents: number; txSignature: string };
  /** A mint was accepted (pending), in this tab or another: collections refetch. */
  'nft.mint_started': { nftId: string };
  /** A mint completed (token id set); `points` is what rewards credited for it (0 if it was already credited). */
  'nft.mint_completed': { nftId: string; tokenId: string; points: number };
  /** To a bounty's creator: someone claimed it. */
  'bounties.bounty_claimed': { bountyId: string };
  /** To a bounty's creator: its claimer submitted (or updated) a completion to review. */
  'bounties.completion_submitted': { bountyId: string; completionId: string };
  /** To the claimer: the creator approved or rejected the completion. */
  'bounties.completion_reviewed': { bountyId: string; completionId: string; status: 'approved' | 'rejected' };
  /** To a bounty's creator and its claimer: the claim ended, released by its claimer or lapsed (issue 26); the bounty is open again. */
  'bounties.claim_ended': { bountyId: string; reason: 'released' | 'lapsed' };
  /** The user's plan changed (an upgrade or a downgrade, in this tab or another). */
  'bounties.subscription_changed': { plan: 'free' | 'pro' };
  /** To a completion's claimer and the bounty's creator (issue 28): its proof run has a verdict. */
  'bounties.proof_run_finished': { bountyId: string; completionId: string; verdict: 'reproduces' | 'does_not_reproduce' | 'does_not_compile' };
  /** To a project's creator (issue 28): the engine checked a saved version of its code. */
  'bounties.project_code_checked': { projectId: string; version: number };
  /** To a project's creator (issue 28): an approved finding was re-checked against a newer version. */
  'bounties.findings_changed': { projectId: string };
}

/** A marketplace listing's status (the spec's `nft_sales.status`). */
export type ListingStatus = 'listed' | 'cancelled' | 'sold';
/** A bug bounty's status (the spec's `bug_bounties.status`). */
export type BountyStatus = 'open' | 'claimed' | 'closed';

/**
 * Public events: each goes to every open stream of every signed-in user
 * (`publishPublicEvent` in the service kit), so data carries ids and a status only, never
 * anything about a user (no user ids, prices, e-mails); a screen refetches what it shows.
 * Add a type here, to PUBLIC_EVENT_TYPES and to `publicEventSchemas` in realtime-schema.ts
 * (the compiler insists on all three).
 */
export interface PublicEventMap {
  /** A listing was created, withdrawn or sold: the marketplace grid refetches that NFT's card. */
  'marketplace.listing_changed': { listingId: string; nftId: string; status: ListingStatus } & PublishedBy;
  /** A bounty was posted, claimed or closed: the open-bounties list refetches it. */
  'bounties.bounty_changed': { bountyId: string; status: BountyStatus } & PublishedBy;
}

/**
 * What every public event carries besides its own data, stamped by `publishPublicEvent`: the id
 * of the transaction that published it (`pg_current_xact_id()`, the payload of the NOTIFY a
 * service's cache is emptied by). A screen that refetches on the event sends it back (`seen`), and
 * the service answers nothing from a cache that has not yet heard of that transaction.
 */
export interface PublishedBy {
  transactionId: string;
}

/** A public event's data as its publisher gives it (`publishPublicEvent` adds `transactionId`). */
export type PublicEventData<T extends PublicEventType> = Omit<PublicEventMap[T], keyof PublishedBy>;

/** Every public event type, for code that must tell public events from user events at run time. */
export const PUBLIC_EVENT_TYPES = ['marketplace.listing_changed', 'bounties.bounty_changed'] as const satisfies readonly (keyof PublicEventMap)[];

export type UserEventType = keyof UserEventMap;
export type PublicEventType = keyof PublicEventMap;

/** Whether events of this type go to every stream (true) or to one user's streams. */
export const isPublicEventType = (type: string): type is PublicEventType => (PUBLIC_EVENT_TYPES as readonly string[]).includes(type);

// Fails to compile when a public type is missing from PUBLIC_EVENT_TYPES, or a type is both
// a user event and a public event.
type UnlistedPublic = Exclude<PublicEventType, (typeof PUBLIC_EVENT_TYPES)[number]>;
const everyPublicTypeListed: [UnlistedPublic] extends [never] ? true : UnlistedPublic = true;
type BothKinds = Extract<UserEventType, PublicEventType>;
const noTypeOfBothKinds: [BothKinds] extends [never] ? true : BothKinds = true;
void everyPublicTypeListed;
void noTypeOfBothKinds;

/** Every event type the stream carries (user and public), and the data it carries. */
export interface ServerEventMap extends UserEventMap, PublicEventMap {}

export type ServerEventType = keyof ServerEventMap;

/**
 * One event as a subscriber receives it. `id` is the event's own id (what `publishEvent` and
 * `publishPublicEvent` return); the stream's position, sent back as Last-Event-ID, is the
 * SSE `id:` line (see STREAM_CURSOR_PATTERN).
 */
export interface ServerEvent<T extends ServerEventType = ServerEventType> {
  id: string;
  type: T;
  data: ServerEventMap[T];
}

/**
 * The SSE `id:` of every stored event, and so the Last-Event-ID a client sends back:
 * `<user>:<public>`, the last user event id and the last public event id the stream has sent
 * (e.g. `1042:977`). The two kinds commit in id order each (a per-user lock, a public lock) but
 * not with each other, so one number could not say what was missed. A plain number `N` (from
 * a client of before public events) is read as `N:N`.
 */
export const STREAM_CURSOR_PATTERN = /^\d{1,18}(:\d{1,18})?$/;

/** The stream's position: the last user event id and the last public event id it sent. */
export interface StreamCursor {
  user: number;
  public: number;
}

export const formatStreamCursor = (cursor: StreamCursor): string => `${cursor.user}:${cursor.public}`;

/** Reads a Last-Event-ID (see STREAM_CURSOR_PATTERN), or null when it is not one. */
export const parseStreamCursor = (text: string): StreamCursor | null => {
  if (!STREAM_CURSOR_PATTERN.test(text)) return null;
  const [user = '', pub = user] = text.split(':');
  return { user: Number(user), public: Number(pub) };
};

/** The event's own id within the SSE id `<user>:<public>`, by its kind. */
export const eventIdInCursor = (type: string, cursorText: string): string => {
  const [user = cursorText, pub = user] = cursorText.split(':');
  return isPublicEventType(type) ? pub : user;
};
