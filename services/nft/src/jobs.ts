import type { Jobs, Sql } from '@starforge/service-kit';
import { CLEANUP_IMAGE_JOB, cleanupImage, type CleanupImageJob } from './domain/images';
import { COMPLETE_MINT_JOB, completeMint, type CompleteMintJob } from './domain/mints';
import type { ImageStorage } from './storage/image-storage';

/**
 * The nft service's durable jobs. Both decide in the database under a row lock (the mint is
 * completed only while pending; the image removed only while unused and old enough), so a retry
 * after a crash, or a second delivery, changes nothing.
 */
export const registerNftJobs = (jobs: Jobs, sql: Sql, images: { storage: ImageStorage; orphanAfterSeconds: number }): void => {
  jobs.work<CompleteMintJob>(COMPLETE_MINT_JOB, async ({ nftId }) => {
    await completeMint(sql, nftId);
  });
  jobs.work<CleanupImageJob>(CLEANUP_IMAGE_JOB, async ({ key }) => {
    await cleanupImage({ sql, ...images }, key);
  });
};
