/** The ledger keys of a sale's two shares in rewards: the seller's proceeds and the creator's royalty (credited, then settled, by these keys). */
export const proceedsKey = (saleId: string) => `sale:${saleId}:proceeds`;
export const royaltyKey = (saleId: string) => `sale:${saleId}:royalty`;
