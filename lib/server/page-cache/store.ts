import { LRUCache } from "lru-cache";

/*
 * The page cache's memory: stored pages by key in least-recently-used order under a byte cap
 * (lru-cache with maxSize in bytes; docs/DECISIONS.md), each for at most `ttlMs`, and the renders in flight per question so that a change notified
 * while a page renders keeps that page out (its render may have read the old rows).
 *
 * A "ticket" is the per-question generation of the design, kept only while a render is in flight:
 * a notification for the question (or for everything, or a lost connection to the notifier) marks
 * every ticket of it stale, and a stale ticket cannot store. Entries are also dropped at once.
 */

export interface CachedPage {
  questionId: number;
  /** Response headers to replay, lower-case names, its hash-based policy included (docs/SECURITY.md lists what is never kept). */
  headers: [string, string][];
  /**
   * The HTML (UTF-8, the same bytes for every reader: hashed-page.ts), kept gzipped: what nearly
   * every reader asks for, and about a fifth of the memory, so the same cap holds five times the
   * pages (issue 18). A reader without gzip gets it inflated again.
   */
  gzipped: Buffer;
  /** The HTML's own length in bytes. */
  length: number;
  /** Bytes this entry counts against the cap. */
  size: number;
  storedAt: number;
}

export interface Ticket {
  readonly questionId: number;
  stale: boolean;
}

export interface PageStoreOptions {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export class PageStore {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly keysByQuestion = new Map<number, Set<string>>();
  private readonly inFlight = new Map<number, Set<Ticket>>();
  private serving: boolean;
  readonly maxBytes: number;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: PageStoreOptions & { serving?: boolean }) {
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.serving = options.serving ?? true;
    // The time to live is checked on get with the injected clock (expired at exactly ttlMs); lru-cache
    // keeps the order, the byte total and the eviction, and tells us what leaves so the index follows.
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, Math.floor(this.maxBytes)),
      sizeCalculation: (page) => Math.max(1, Math.ceil(page.size)),
      dispose: (page, key) => this.unindex(key, page),
    });
  }

  /** Whether pages may be served and stored (false while the notifier is disconnected). */
  isServing(): boolean {
    return this.serving && this.maxBytes > 0;
  }

  /** Turns serving on or off; either way everything stored so far is forgotten (a notification may have been missed). */
  setServing(serving: boolean): void {
    this.serving = serving;
    this.invalidateAll();
  }

  /** The stored page, or undefined (missing or expired; an expired one is dropped). Marks it recently used. */
  get(key: string): CachedPage | undefined {
    if (!this.isServing()) return undefined;
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt >= this.ttlMs) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** Whole seconds since the page was stored (its Age header). */
  ageSeconds(page: CachedPage): number {
    return Math.max(0, Math.floor((this.now() - page.storedAt) / 1000));
  }

  /** Starts a render of the question: call before Next reads anything, and `finish` it afterwards. */
  begin(questionId: number): Ticket {
    const ticket: Ticket = { questionId, stale: !this.isServing() };
    let set = this.inFlight.get(questionId);
    if (!set) this.inFlight.set(questionId, (set = new Set()));
    set.add(ticket);
    return ticket;
  }

  /**
   * Ends a render; stores its page when given one and no change was notified since `begin`
   * (the object given becomes the entry). Returns whether it stored.
   */
  finish(ticket: Ticket, key: string, page?: Omit<CachedPage, "storedAt" | "questionId">): boolean {
    const set = this.inFlight.get(ticket.questionId);
    set?.delete(ticket);
    if (set && set.size === 0) this.inFlight.delete(ticket.questionId);
    if (!page || ticket.stale || !this.isServing()) return false;
    // One page may not take more than an eighth of the cache.
    if (page.size > this.maxBytes / 8) return false;
    const entry: CachedPage = Object.assign(page, { questionId: ticket.questionId, storedAt: this.now() });
    // Replacing a stored page disposes the old one (and its index entry) first.
    this.pages.set(key, entry);
    this.index(key, entry);
    return true;
  }

  /** A change to the question: its pages are dropped and renders in flight will not store. */
  invalidate(questionId: number): void {
    for (const ticket of this.inFlight.get(questionId) ?? []) ticket.stale = true;
    for (const key of [...(this.keysByQuestion.get(questionId) ?? [])]) this.pages.delete(key);
  }

  /** A change that may show on any page (a member's name, a group's privacy, ...): everything goes. */
  invalidateAll(): void {
    for (const set of this.inFlight.values()) for (const ticket of set) ticket.stale = true;
    this.pages.clear();
    this.keysByQuestion.clear();
  }

  /** Bytes and pages held (tests, logs). */
  stats(): { bytes: number; pages: number; inFlight: number } {
    return { bytes: this.pages.calculatedSize, pages: this.pages.size, inFlight: this.inFlight.size };
  }

  /** Files a stored page under its question, so that a change to it finds it. */
  private index(key: string, page: CachedPage): void {
    let keys = this.keysByQuestion.get(page.questionId);
    if (!keys) this.keysByQuestion.set(page.questionId, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets a page that left the cache (evicted, dropped, replaced) in the per-question index. */
  private unindex(key: string, page: CachedPage): void {
    const keys = this.keysByQuestion.get(page.questionId);
    keys?.delete(key);
    if (keys && keys.size === 0) this.keysByQuestion.delete(page.questionId);
  }
}
