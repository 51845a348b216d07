import type { MintNftRequest, Nft } from '@starforge/contracts/nft';
import { authClient, useAction } from '@starforge/host';
import { uploadImage } from '../../../shared/api/upload-image';

/** POST /api/nft/mints with an Idempotency-Key: the NFT is inserted pending; a server job completes it 4 s later. */
const mintNft = async (body: MintNftRequest, idempotencyKey: string): Promise<Nft> =>
  (await authClient.authed<{ nft: Nft }>('/api/nft/mints', { method: 'POST', json: body, idempotencyKey })).nft;

/**
 * Mint, single flight: upload the image's bytes, then mint with it. A retry (network, 502-504)
 * uploads the same bytes again, which stores nothing new, and sends the mint with the same key.
 */
export const useMintNft = () =>
  useAction(async ({ idempotencyKey }, image: File, body: Omit<MintNftRequest, 'image_key'>) => {
    const stored = await uploadImage(image);
    return mintNft({ ...body, image_key: stored.key }, idempotencyKey);
  });
