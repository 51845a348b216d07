import { IMAGE_MAX_BYTES, nftMessages } from '../nft/constants';
import { SUITE_FILE_MAX_BYTES, SUITE_MAX_BYTES } from '../rewards/contract-suite';
import { rewardsMessages } from '../rewards/messages';

/**
 * One route whose body is not the default (JSON of at most 16 KiB): `path` is an API path where
 * `:name` matches one segment.
 */
export interface BodyLimitRule {
  method: string;
  path: string;
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /**
   * The media types the route takes instead of JSON (the body is then raw bytes, read with the
   * kit's `requestBytes`); absent for a JSON route. Any other type is refused with 415.
   */
  mediaTypes?: readonly string[];
  /** What a 413 says on this route, where the product has its own words; else payloadTooLargeMessage. */
  tooLargeMessage?: string;
}

/** The image types the product stores (DESIGN.md "Images": raw bytes, typed by their magic numbers). */
export const imageMediaTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** JSON bodies are small: forms, ids and amounts. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Routes whose body differs from the default (larger, or not JSON); the gateway and every
 * service read this one table.
 */
export const bodyLimitRules: readonly BodyLimitRule[] = [
  // The NFT creator uploads one image of up to 10 MB (issue 7), as its raw bytes.
  { method: 'POST', path: '/api/nft/images', maxBytes: IMAGE_MAX_BYTES, mediaTypes: imageMediaTypes, tooLargeMessage: nftMessages.imageTooLarge },
  // A bounty (issue 17): a description of up to 5,000 characters and a title of 150 fit whatever
  // they are written in (3 bytes a character in UTF-8 beyond Latin, 6 for an escaped control).
  { method: 'POST', path: '/api/bounties/bounties', maxBytes: 32 * 1024 },
  // A completion: up to 10,000 characters of proof and a URL of 2,048, likewise; and its proof
  // test (issue 28), one file of up to 64 KiB, JSON-escaped (six bytes at most per byte).
  { method: 'PUT', path: '/api/bounties/bounties/:id/completion', maxBytes: 72 * 1024 + 6 * SUITE_FILE_MAX_BYTES },
  // A project's code under test (issue 28): a suite's files, as the Testing Engine takes them.
  { method: 'PUT', path: '/api/bounties/projects/:id/code', maxBytes: 6 * SUITE_MAX_BYTES + 16 * 1024 },
  // A test run with the user's contract (issue 20), or a suite's files (issue 27): 256 KiB in all,
  // JSON-escaped (a newline or quote takes two bytes, a control character six), with 16 names and
  // the call; the service checks the 64 KiB per file and 256 KiB in all.
  { method: 'POST', path: '/api/rewards/test-runs', maxBytes: 6 * SUITE_MAX_BYTES + 16 * 1024, tooLargeMessage: rewardsMessages.contractBodyTooLarge },
];

const compiled = bodyLimitRules.map((rule) => ({
  method: rule.method.toUpperCase(),
  pattern: new RegExp(
    `^${rule.path
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
  body: { maxBytes: rule.maxBytes, mediaTypes: rule.mediaTypes ?? null, tooLargeMessage: rule.tooLargeMessage ?? payloadTooLargeMessage(rule.maxBytes) },
}));

/** What a route takes as its body: its limit, and its media types (`null`: JSON). */
export interface BodyRule {
  maxBytes: number;
  mediaTypes: readonly string[] | null;
  /** The message of its 413. */
  tooLargeMessage: string;
}

const jsonBody: BodyRule = { maxBytes: DEFAULT_BODY_LIMIT_BYTES, mediaTypes: null, tooLargeMessage: payloadTooLargeMessage(DEFAULT_BODY_LIMIT_BYTES) };

/** The body rule for `method` on `path` (a path without its query). */
export const bodyRuleFor = (method: string, path: string): BodyRule => {
  const upper = method.toUpperCase();
  for (const rule of compiled) if (rule.method === upper && rule.pattern.test(path)) return rule.body;
  return jsonBody;
};

/** The largest body accepted for `method` on `path` (a path without its query), in bytes. */
export const bodyLimitFor = (method: string, path: string): number => bodyRuleFor(method, path).maxBytes;

/** "16 KiB", "10 MiB": a limit as a person reads it. */
export function formatByteSize(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;
}

/** The message of a 413 answer, the same at the gateway and in the services (unless the route has its own words). */
export function payloadTooLargeMessage(maxBytes: number): string {
  return `The request body is too large (at most ${formatByteSize(maxBytes)}).`;
}

/** The message of a 413 for `method` on `path` (a path without its query). */
export const tooLargeMessageFor = (method: string, path: string): string => bodyRuleFor(method, path).tooLargeMessage;

/** "image/png, image/jpeg or image/gif". */
const listOf = (types: readonly string[]): string => (types.length < 2 ? (types[0] ?? '') : `${types.slice(0, -1).join(', ')} or ${types.at(-1)}`);

/**
 * The message of a 415 answer: what the route takes. A multipart form sent to a route of raw
 * bytes is told to send the file's bytes themselves.
 */
export const unsupportedMediaTypeMessage = (mediaTypes: readonly string[] | null, contentType?: string): string => {
  if (mediaTypes === null) return 'Send the body as JSON (Content-Type: application/json).';
  const accepted = `Content-Type: ${listOf(mediaTypes)}`;
  if (contentType !== undefined && /^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) {
    return `Multipart forms are not accepted: send the file's raw bytes as the body, with its type (${accepted}).`;
  }
  return `Send the file's raw bytes as the body, with its type (${accepted}).`;
};
