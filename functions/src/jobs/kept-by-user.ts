/**
 * A listing grouped by user (alert sockets, push subscriptions) read with one call and reused for
 * `ttlMs`, so the live path's reads do not grow with the trades or the matched users. One listing
 * is in flight at a time; an entry found gone is dropped from it at once. A listing older than the
 * TTL but younger than `staleMs` is served while the next one loads in the background (so the live
 * path never waits for the Query once a second); an older one is awaited, so after a quiet spell the
 * first alert sees what was added since.
 */
export class KeptByUser<T> {
  private byUser: Map<string, T[]> | null = null;
  private listedAt = 0;
  private listing: Promise<void> | null = null;

  constructor(
    private readonly list: () => Promise<Map<string, T[]>>,
    private readonly ttlMs: number,
    private readonly staleMs = 0,
  ) {}

  /** Lists again now (the next reads use the new listing). */
  relist(): Promise<void> {
    this.listing ??= this.list()
      .then((byUser) => {
        this.byUser = byUser;
        this.listedAt = Date.now();
      })
      .finally(() => {
        this.listing = null;
      });
    return this.listing;
  }

  /**
   * The listing, listed again when older than the TTL: first when older than `staleMs` too, else in the
   * background. A failed listing keeps the last one.
   */
  async get(onListingError: (err: unknown) => void): Promise<ReadonlyMap<string, readonly T[]>> {
    const age = Date.now() - this.listedAt;
    if (!this.byUser || age >= Math.max(this.ttlMs, this.staleMs)) await this.relist().catch(onListingError);
    else if (age >= this.ttlMs) this.relist().catch(onListingError);
    return this.byUser ?? new Map();
  }

  /** Drops the user's entries that are gone. */
  drop(userId: string, gone: (entry: T) => boolean): void {
    const entries = this.byUser?.get(userId);
    if (entries)
      this.byUser!.set(
        userId,
        entries.filter((e) => !gone(e)),
      );
  }
}
