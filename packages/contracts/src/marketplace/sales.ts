import '../shared/zod';
import { z } from 'zod';

/**
 * GET /nfts/:id/sales (`/api/marketplace`, public): an NFT's completed sales, newest first, with
 * the buyer's and the seller's display names (auth's public_profiles; no id or e-mail).
 */
export const nftSaleSchema = z.object({
  sale_id: z.uuid(),
  price_cents: z.number().int().positive(),
  seller_name: z.string(),
  buyer_name: z.string(),
  sold_at: z.string(),
});
export type NftSale = z.infer<typeof nftSaleSchema>;

export const nftSalesAnswerSchema = z.object({ sales: z.array(nftSaleSchema) });
export type NftSalesAnswer = z.infer<typeof nftSalesAnswerSchema>;
