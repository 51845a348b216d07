/**
 * Images an NFT uses, kept in memory by the process that served them. A key names the same bytes
 * forever, and an image an NFT uses is never removed (NFTs are never deleted; the clean-up takes
 * only images no NFT uses), so an entry can never go stale, on this copy of the service or any
 * other. Small images keep their bytes (what the cards of /nfts and the marketplace load); large
 * ones only their type. Bounded by entries and by bytes; the least recently read goes first.
 */
export interface CachedImage {
  contentType: string;
  size: number;
  /** The bytes, for an image of at most `maxImageBytes`; null for a larger one. */
  bytes: Buffer<ArrayBuffer> | null;
}

export class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytesHeld = 0;

  constructor(private readonly limits = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024, maxImageBytes: 1024 * 1024 }) {}

  /** Whether an image of `size` bytes keeps its bytes here. */
  keepsBytesOf(size: number): boolean {
    return size <= this.limits.maxImageBytes;
  }

  get(key: string): CachedImage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently read last: the oldest is the first the map iterates.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, image: CachedImage): void {
    const bytes = image.bytes && this.keepsBytesOf(image.bytes.length) ? image.bytes : null;
    this.drop(key);
    this.entries.set(key, { ...image, bytes });
    this.bytesHeld += bytes?.length ?? 0;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytesHeld <= this.limits.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytesHeld -= entry.bytes?.length ?? 0;
    this.entries.delete(key);
  }
}
