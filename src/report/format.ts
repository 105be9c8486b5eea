import { formatPath, type JsonPath } from '../findings/index.js';

/** `$.a.b[0]`, with `*` for every element of a list or entry of a map. */
export function pathText(path: JsonPath): string {
  return formatPath(path).replaceAll('["*"]', '[*]');
}

/** A value in one line, cut to `max` characters. */
export function valueText(value: unknown, max = 120): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = (text ?? String(value)).replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function secondsText(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
