import type { CreatedNft, CreateNftRequest } from '@starforge/contracts/marketplace';
import { authClient, useAction } from '@starforge/host';
import { uploadImage } from '../../../shared/api/upload-image';

/**
 * POST /api/marketplace/created-nfts with an Idempotency-Key: the marketplace creates the NFT
 * completed on Ethereum through nft's published function and lists it at its price, in one transaction.
 */
const createNft = (body: CreateNftRequest, idempotencyKey: string): Promise<CreatedNft> =>
  authClient.authed<CreatedNft>('/api/marketplace/created-nfts', { method: 'POST', json: body, idempotencyKey });

/** Create, single flight: upload the image first when there is one (the same bytes again on a retry store nothing new). */
export const useCreateNft = () =>
  useAction(async ({ idempotencyKey }, image: File | null, body: Omit<CreateNftRequest, 'image_key'>) => {
    const stored = image ? await uploadImage(image) : null;
    return createNft({ ...body, image_key: stored?.key ?? null }, idempotencyKey);
  });
