/** Order statistics for noisy measurements: medians and spreads, never means. */

/** A distribution summarised by its median and spread. */
export interface Summary {
  n: number;
  median: number;
  /** Quartiles (linear interpolation). */
  p25: number;
  p75: number;
  min: number;
  max: number;
}

/** The `q`-quantile (0 ≤ q ≤ 1) of `values`, linear interpolation between order statistics. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return quantileSorted(sorted, q);
}

export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = Math.min(Math.max(q, 0), 1) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantileSorted(sorted, 0.5),
    p25: quantileSorted(sorted, 0.25),
    p75: quantileSorted(sorted, 0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Element-wise ratios `a[i] / b[i]` of two paired series (same round, side by side). */
export function pairedRatios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new Error(`paired series differ in length: ${a.length} vs ${b.length}`);
  return a.map((x, i) => x / b[i]!);
}

/**
 * The order in which `variants` run in round `round`: rotated by one each round, so no variant is
 * always first (cold caches) or always right after the same neighbour.
 */
export function roundOrder<T>(variants: readonly T[], round: number): T[] {
  const n = variants.length;
  if (n === 0) return [];
  const shift = round % n;
  return [...variants.slice(shift), ...variants.slice(0, shift)];
}

/**
 * Runs every variant once per round, interleaved (order rotated each round), and collects the
 * measurements per variant in round order: `result[name][round]`.
 */
export async function interleave<T>(
  variants: ReadonlyArray<{ name: string; run: (round: number) => Promise<T> }>,
  rounds: number,
  onRun?: (name: string, round: number, value: T) => void,
): Promise<Record<string, T[]>> {
  const out: Record<string, T[]> = {};
  for (const v of variants) out[v.name] = new Array<T>(rounds);
  for (let round = 0; round < rounds; round += 1) {
    for (const variant of roundOrder(variants, round)) {
      const value = await variant.run(round);
      out[variant.name]![round] = value;
      onRun?.(variant.name, round, value);
    }
  }
  return out;
}

/**
 * Least-squares line through (x, y) points: `y ≈ intercept + slope·x`, with r² (1 = a perfect line).
 */
export function linearFit(points: ReadonlyArray<{ x: number; y: number }>): {
  slope: number;
  intercept: number;
  r2: number;
} {
  const n = points.length;
  if (n < 2) return { slope: Number.NaN, intercept: Number.NaN, r2: Number.NaN };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
    syy += (p.y - my) ** 2;
  }
  const slope = sxx === 0 ? Number.NaN : sxy / sxx;
  const intercept = my - slope * mx;
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}

/** `1.23` → "1.23", large numbers with thousands separators, NaN → "n/a". */
export function fmt(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return 'n/a';
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(Math.min(digits, 1));
  if (abs >= 10) return value.toFixed(Math.min(digits, 2));
  if (abs > 0 && abs < 0.1) return value.toPrecision(2);
  return value.toFixed(digits);
}

/** "median (p25–p75, n=…)" of a summary, with a unit. */
export function fmtSummary(s: Summary, unit = '', digits = 2): string {
  const u = unit ? ` ${unit}` : '';
  return `${fmt(s.median, digits)}${u} (IQR ${fmt(s.p25, digits)}–${fmt(s.p75, digits)}, range ${fmt(s.min, digits)}–${fmt(s.max, digits)}, n=${s.n})`;
}
