import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IMAGE_ORPHAN_AFTER_SECONDS, MINT_DELAY_MS } from '@starforge/contracts';

/** Where images live when nothing says otherwise: `.data/nft-images` in the checkout, beside the embedded PostgreSQL. */
const DEFAULT_IMAGE_DIR = fileURLToPath(new URL('../../../../.data/nft-images', import.meta.url));

const nftEnvSchema = z.object({
  /** How long after it is accepted a mint completes (spec: 4 s). */
  NFT_MINT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(MINT_DELAY_MS),
  /** The filesystem storage's folder (the launcher passes one under the checkout's `.data/`). */
  NFT_IMAGE_DIR: z.string().min(1).default(DEFAULT_IMAGE_DIR),
  /** An uploaded image no NFT uses is removed this long after its last upload (a day). */
  NFT_IMAGE_ORPHAN_AFTER_SECONDS: z.coerce.number().int().min(0).default(IMAGE_ORPHAN_AFTER_SECONDS),
});

export interface NftConfig {
  mintDelayMs: number;
  imageDir: string;
  imageOrphanAfterSeconds: number;
}

/** The nft service's settings; the one place in the service that reads `process.env`. */
export const readNftConfig = (source: NodeJS.ProcessEnv = process.env): NftConfig => {
  const env = nftEnvSchema.parse(source);
  return { mintDelayMs: env.NFT_MINT_DELAY_MS, imageDir: env.NFT_IMAGE_DIR, imageOrphanAfterSeconds: env.NFT_IMAGE_ORPHAN_AFTER_SECONDS };
};
