import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { IMAGE_ORPHAN_AFTER_SECONDS, MINT_DELAY_MS } from '@starforge/contracts/nft';
import { envFlag } from '@starforge/service-kit';
import type { S3Settings } from '../storage/s3-storage';

/** Where images live when nothing says otherwise: `.data/nft-images` in the checkout, beside the embedded PostgreSQL. */
const DEFAULT_IMAGE_DIR = fileURLToPath(new URL('../../../../.data/nft-images', import.meta.url));

/** A setting that may be left out; set but empty counts as left out. */
const optional = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const nftEnvSchema = z
  .object({
    /** How long after it is accepted a mint completes (spec: 4 s). */
    NFT_MINT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(MINT_DELAY_MS),
    /** An uploaded image no NFT uses is removed this long after its last upload (a day). */
    NFT_IMAGE_ORPHAN_AFTER_SECONDS: z.coerce.number().int().min(0).default(IMAGE_ORPHAN_AFTER_SECONDS),
    /** Where image bytes live: a folder (one machine) or an S3-compatible bucket (any number of copies). */
    NFT_IMAGE_STORE: z.enum(['file', 's3']).default('file'),
    /** The filesystem storage's folder (the launcher passes one under the checkout's `.data/`). */
    NFT_IMAGE_DIR: z.string().min(1).default(DEFAULT_IMAGE_DIR),
    NFT_S3_ENDPOINT: optional.pipe(z.url().optional()),
    NFT_S3_BUCKET: optional,
    NFT_S3_REGION: optional,
    NFT_S3_ACCESS_KEY_ID: optional,
    NFT_S3_SECRET_ACCESS_KEY: optional,
    NFT_S3_FORCE_PATH_STYLE: envFlag(),
  })
  .superRefine((env, ctx) => {
    if (env.NFT_IMAGE_STORE !== 's3') return;
    for (const name of ['NFT_S3_BUCKET', 'NFT_S3_REGION'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when NFT_IMAGE_STORE=s3` });
    }
    if (!env.NFT_S3_ACCESS_KEY_ID !== !env.NFT_S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.NFT_S3_ACCESS_KEY_ID ? 'NFT_S3_SECRET_ACCESS_KEY' : 'NFT_S3_ACCESS_KEY_ID'],
        message: 'NFT_S3_ACCESS_KEY_ID and NFT_S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK default credentials)',
      });
    }
  });

/** Where the service keeps image bytes. */
export type ImageStoreConfig = { kind: 'file'; dir: string } | ({ kind: 's3' } & S3Settings);

export interface NftConfig {
  mintDelayMs: number;
  imageStore: ImageStoreConfig;
  imageOrphanAfterSeconds: number;
}

const imageStoreOf = (env: z.infer<typeof nftEnvSchema>): ImageStoreConfig => {
  if (env.NFT_IMAGE_STORE === 'file') return { kind: 'file', dir: env.NFT_IMAGE_DIR };
  const { NFT_S3_ENDPOINT: endpoint, NFT_S3_ACCESS_KEY_ID: accessKeyId, NFT_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return {
    kind: 's3',
    // Both checked by the schema's refinement above.
    bucket: env.NFT_S3_BUCKET as string,
    region: env.NFT_S3_REGION as string,
    forcePathStyle: env.NFT_S3_FORCE_PATH_STYLE,
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
};

/** The nft service's settings; the one place in the service that reads `process.env`. */
export const readNftConfig = (source: NodeJS.ProcessEnv = process.env): NftConfig => {
  const env = nftEnvSchema.parse(source);
  return { mintDelayMs: env.NFT_MINT_DELAY_MS, imageStore: imageStoreOf(env), imageOrphanAfterSeconds: env.NFT_IMAGE_ORPHAN_AFTER_SECONDS };
};
