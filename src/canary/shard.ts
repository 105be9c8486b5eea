import { closeSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../errors/index.js';
import { fixtureFileName } from '../fixture/index.js';
import { openRegularFile } from '../util/regular-file.js';

/** One part of a run split over machines: part `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** What a scenario is assumed to take when its baseline fixture records no duration. */
export const DEFAULT_SCENARIO_MS = 1000;

/** `--shard 2/3` → `{ index: 2, count: 3 }`; anything else is a usage error naming the flag. */
export function parseShard(value: string, where = '--shard'): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new ClideError('usage', `must be <i>/<n> with 1 ≤ i ≤ n, not "${value}"`, {
      where,
      hint: 'e.g. --shard 1/3, --shard 2/3 and --shard 3/3 on three machines',
    });
  }
  return { index, count };
}

export function checkShard(shard: Shard, where = '--shard'): void {
  const { index, count } = shard;
  if (!Number.isInteger(index) || !Number.isInteger(count) || count < 1 || index < 1 || index > count) {
    throw new ClideError('usage', `must be <i>/<n> with 1 ≤ i ≤ n, not ${index}/${count}`, { where });
  }
}

export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/**
 * Splits `items` into `count` parts of about equal total duration and returns part `index`, in
 * the items' own order. Longest processing time first: the items sorted by duration (longest
 * first, then by their position), each given to the part with the least total so far (then the
 * lowest-numbered part). The split depends only on the items, their durations and the count, so
 * every machine that runs a part computes the same one, and together the parts hold every item
 * exactly once.
 */
export function shardItems<T extends { id: string }>(
  items: readonly T[],
  shard: Shard,
  durationOf: (id: string) => number,
): T[] {
  checkShard(shard);
  return splitItems(items, shard.count, durationOf)[shard.index - 1]!;
}

/** Every part of the split `shardItems` takes one of (index 0 is part 1). */
export function splitItems<T extends { id: string }>(
  items: readonly T[],
  count: number,
  durationOf: (id: string) => number,
): T[][] {
  const order = items
    .map((item, position) => ({ position, ms: durationOf(item.id) }))
    .sort((a, b) => b.ms - a.ms || a.position - b.position);
  const loads = new Array<number>(count).fill(0);
  const parts: number[][] = Array.from({ length: count }, () => []);
  for (const { position, ms } of order) {
    let best = 0;
    for (let p = 1; p < count; p++) if (loads[p]! < loads[best]!) best = p;
    loads[best]! += ms;
    parts[best]!.push(position);
  }
  return parts.map((positions) => positions.sort((a, b) => a - b).map((p) => items[p]!));
}

/**
 * The recorded duration of each scenario: the `durationMs` of its fixture's trailer in `dir` (the
 * baseline corpus). A scenario with no fixture or no recorded duration gets the median of the
 * others (or {@link DEFAULT_SCENARIO_MS} when none has one).
 */
export function recordedDurations(dir: string | null, ids: readonly string[]): (id: string) => number {
  const known = new Map<string, number>();
  const files = new Set(dir ? safeList(dir) : []);
  for (const id of ids) {
    const name = fixtureFileName(id);
    if (!dir || !files.has(name)) continue;
    const ms = trailerDuration(join(dir, name));
    if (ms !== undefined) known.set(id, ms);
  }
  const sorted = [...known.values()].sort((a, b) => a - b);
  const fallback = sorted.length === 0 ? DEFAULT_SCENARIO_MS : sorted[Math.floor(sorted.length / 2)]!;
  return (id) => known.get(id) ?? fallback;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** How much of a fixture's end is read for its trailer (a trailer is a few hundred bytes). */
const TRAILER_BYTES = 64 * 1024;

/** The trailer's `durationMs` of a fixture (its last line), or undefined when it has none. */
function trailerDuration(path: string): number | undefined {
  let text: string;
  try {
    // A regular file only (a FIFO named like a fixture is never waited on); its last 64 KiB.
    const { fd, stat } = openRegularFile(path);
    try {
      const length = Math.min(stat.size, TRAILER_BYTES);
      const tail = Buffer.alloc(length);
      readSync(fd, tail, 0, length, stat.size - length);
      text = tail.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const end = text.trimEnd();
  const last = end.slice(end.lastIndexOf('\n') + 1);
  try {
    const record = JSON.parse(last) as { kind?: unknown; durationMs?: unknown };
    return record.kind === 'trailer' && typeof record.durationMs === 'number' && record.durationMs >= 0
      ? record.durationMs
      : undefined;
  } catch {
    return undefined;
  }
}
