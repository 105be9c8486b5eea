import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Which control-request subtypes the SDK's runtime handles and sends, read from its bundled
 * JavaScript (the entry and the local chunks it imports): a handled subtype is tested as
 * `<request>.request.subtype === "X"`, a sent one is written as `subtype: "X"`.
 */
export interface RuntimeSubtypes {
  handled: ReadonlySet<string>;
  sent: ReadonlySet<string>;
}

const HANDLED = /\.request\.subtype\s*===?\s*["']([\w-]+)["']/g;
const SENT = /\bsubtype\s*:\s*["']([\w-]+)["']/g;
const LOCAL_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+\.m?js)["']/g;

export function runtimeSubtypes(entry: string): RuntimeSubtypes {
  const handled = new Set<string>();
  const sent = new Set<string>();
  const queue = [entry];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(HANDLED)) handled.add(m[1]!);
    for (const m of text.matchAll(SENT)) sent.add(m[1]!);
    for (const m of text.matchAll(LOCAL_IMPORT)) queue.push(join(dirname(file), m[1]!));
  }
  return { handled, sent };
}
