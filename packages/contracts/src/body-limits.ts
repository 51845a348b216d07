/** One request-body limit: `path` is an API path where `:name` matches one segment. */
export interface BodyLimitRule {
  method: string;
  path: string;
  /** The largest body accepted, in bytes. */
  maxBytes: number;
}

/** JSON bodies are small: forms, ids and amounts. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/** Routes that accept more than the default; the gateway and every service read this one table. */
export const bodyLimitRules: readonly BodyLimitRule[] = [
  // The NFT creator uploads one image of up to 10 MB (issue 7); 10 MiB leaves room for the form around it.
  { method: 'POST', path: '/api/nft/images', maxBytes: 10 * 1024 * 1024 },
];

const compiled = bodyLimitRules.map((rule) => ({
  method: rule.method.toUpperCase(),
  pattern: new RegExp(
    `^${rule.path
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
  maxBytes: rule.maxBytes,
}));

/** The largest body accepted for `method` on `path` (a path without its query), in bytes. */
export const bodyLimitFor = (method: string, path: string): number => {
  const upper = method.toUpperCase();
  for (const rule of compiled) if (rule.method === upper && rule.pattern.test(path)) return rule.maxBytes;
  return DEFAULT_BODY_LIMIT_BYTES;
};

/** "16 KiB", "10 MiB": a limit as a person reads it. */
export const formatByteSize = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;

/** The message of a 413 answer, the same at the gateway and in the services. */
export const payloadTooLargeMessage = (maxBytes: number): string => `The request body is too large (at most ${formatByteSize(maxBytes)}).`;
