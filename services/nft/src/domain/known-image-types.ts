/**
 * The content types of images this process has served, by key. A key names the same bytes
 * forever, and so the same type: once known, serving the image again needs no database round
 * trip (whether it still exists is decided by its file, which the clean-up removes). Bounded:
 * past `max` entries the oldest goes.
 */
export class KnownImageTypes {
  private readonly types = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  get(key: string): string | undefined {
    return this.types.get(key);
  }

  set(key: string, contentType: string): void {
    if (this.types.has(key)) return;
    if (this.types.size >= this.max) {
      const oldest = this.types.keys().next();
      if (!oldest.done) this.types.delete(oldest.value);
    }
    this.types.set(key, contentType);
  }
}
