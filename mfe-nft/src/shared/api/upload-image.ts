import type { StoredImage } from '@starforge/contracts/nft';
import { authClient } from '@starforge/host';

/**
 * POST /api/nft/images: the file's raw bytes, its type as Content-Type. The server names the
 * image by the hash of its bytes, so sending the same file again (a retry) stores nothing new.
 */
export const uploadImage = async (file: File): Promise<StoredImage> =>
  (await authClient.authed<{ image: StoredImage }>('/api/nft/images', { method: 'POST', body: file, headers: { 'content-type': file.type } })).image;
