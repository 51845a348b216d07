/** Back-end domains; each is one Hono service mounted at `/api/<domain>`. */
export const domains = ['auth', 'nft', 'marketplace', 'bounties', 'rewards'] as const;
export type Domain = (typeof domains)[number];
