import type { ImageStoreConfig } from '../config/env';
import { fileImageStorage } from './file-storage';
import type { ImageStorage } from './image-storage';
import { s3ImageStorage } from './s3-storage';

/** The storage `NFT_IMAGE_STORE` chose: a folder, or an S3-compatible bucket every copy of the service shares. */
export const imageStorageOf = (store: ImageStoreConfig): ImageStorage => (store.kind === 'file' ? fileImageStorage(store.dir) : s3ImageStorage(store));
