/**
 * What a session has done that its usage reports tell besides its tokens: when it started, the
 * lines its tools added and removed, and the main loop's prompt cache request by request (the
 * CLI's own tally, which `get_session_cost` and `get_usage` read).
 */

/** How long the prompt cache keeps a prompt, by the TTL a request asked. */
const TTL_MS: Record<string, number> = { '5m': 300_000, '1h': 3_600_000 };
/** A request that reads fewer cached tokens than this below what it could have read is no miss. */
const MISS_TOKENS = 2000;
/** How many requests the tally keeps. */
const KEPT = 200;

export interface CacheRequest {
  /** When it was answered (ms since the epoch). */
  at: number;
  ttl: string;
  inputTokens: number;
  cacheReadTokens: number;
  cacheCreationTokens: number;
}

type Outcome = 'cold' | 'uncached' | 'hit' | 'miss';

export interface CacheSummary {
  requests: number;
  misses: number;
  hitRatio: number | null;
  missRecacheTokens: number;
  lastMissAt: number | null;
  lastRequest: CacheRequest | null;
  cachingObserved: boolean;
  lastActivityAt: number | null;
  warm: boolean;
}

/** The main loop's prompt cache, request by request, as the CLI reckons hits and misses. */
export class PromptCacheTally {
  private readonly entries: CacheRequest[] = [];
  private requests = 0;
  private misses = 0;
  private cacheReadTokens = 0;
  private cacheCreationTokens = 0;
  private inputTokens = 0;
  private missRecacheTokens = 0;
  private lastMissAt: number | null = null;

  record(request: CacheRequest): Outcome {
    const previous = this.entries.at(-1) ?? null;
    const cachedBefore = this.cacheReadTokens + this.cacheCreationTokens > 0;
    const cachedNow = request.cacheReadTokens + request.cacheCreationTokens > 0;
    let outcome: Outcome;
    if (previous === null) outcome = 'cold';
    else if (!cachedBefore && !cachedNow) outcome = 'uncached';
    else if (previous.cacheReadTokens + previous.cacheCreationTokens === 0 && cachedNow) outcome = 'cold';
    else {
      const total = (r: CacheRequest) => r.inputTokens + r.cacheReadTokens + r.cacheCreationTokens;
      const readable = Math.min(total(previous), total(request));
      const short = readable - request.cacheReadTokens;
      outcome = request.cacheReadTokens < readable * 0.95 && short >= MISS_TOKENS ? 'miss' : 'hit';
    }
    const ttl = request.cacheCreationTokens === 0 && previous !== null ? previous.ttl : request.ttl;
    this.entries.push({ ...request, ttl });
    if (this.entries.length > KEPT) this.entries.shift();
    this.requests += 1;
    this.cacheReadTokens += request.cacheReadTokens;
    this.cacheCreationTokens += request.cacheCreationTokens;
    this.inputTokens += request.inputTokens;
    if (outcome === 'miss') {
      this.misses += 1;
      this.missRecacheTokens += request.cacheCreationTokens;
      this.lastMissAt = request.at;
    }
    return outcome;
  }

  summary(now: number): CacheSummary {
    const all = this.cacheReadTokens + this.cacheCreationTokens + this.inputTokens;
    const last = this.entries.at(-1) ?? null;
    const lastCached = last !== null && last.cacheReadTokens + last.cacheCreationTokens > 0;
    const ttl = TTL_MS[last?.ttl ?? '5m'] ?? TTL_MS['5m']!;
    return {
      requests: this.requests,
      misses: this.misses,
      hitRatio: all > 0 ? this.cacheReadTokens / all : null,
      missRecacheTokens: this.missRecacheTokens,
      lastMissAt: this.lastMissAt,
      lastRequest: last,
      cachingObserved: this.cacheReadTokens + this.cacheCreationTokens > 0,
      lastActivityAt: last?.at ?? null,
      warm: last !== null && lastCached && now - last.at < ttl,
    };
  }

  /** The tokens the next turn caches again: the last request's whole prompt. */
  recacheTokens(): number {
    const last = this.entries.at(-1);
    return last ? last.inputTokens + last.cacheReadTokens + last.cacheCreationTokens : 0;
  }
}

/** The session's tally (see the module comment). */
export class SessionTally {
  /** When the session started (ms since the epoch): the wall duration counts from it. */
  readonly startedAt = Date.now();
  linesAdded = 0;
  linesRemoved = 0;
  readonly cache = new PromptCacheTally();

  /**
   * A file tool's outcome (`toolUseResult` of Write or Edit): a file created counts its lines
   * (its newlines and one), a change its patch's added and removed lines.
   */
  fileChanged(toolUseResult: unknown): void {
    if (toolUseResult === null || typeof toolUseResult !== 'object') return;
    const result = toolUseResult as { structuredPatch?: unknown; content?: unknown; type?: unknown };
    if (!Array.isArray(result.structuredPatch)) return;
    const hunks = result.structuredPatch as Array<{ lines?: unknown }>;
    if (hunks.length === 0 && result.type === 'create' && typeof result.content === 'string') {
      this.linesAdded += (result.content.match(/\n/g)?.length ?? 0) + 1;
      return;
    }
    for (const hunk of hunks) {
      const lines = Array.isArray(hunk.lines) ? (hunk.lines as unknown[]) : [];
      this.linesAdded += lines.filter((l) => typeof l === 'string' && l.startsWith('+')).length;
      this.linesRemoved += lines.filter((l) => typeof l === 'string' && l.startsWith('-')).length;
    }
  }
}
