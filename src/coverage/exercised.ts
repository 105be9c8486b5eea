/**
 * Which inventory items a pinned version's corpus exercises: the committed fixtures
 * (`fixtures/<version>/`, one per catalogue scenario, recorded from the real CLI) are read for the
 * message kinds, control request subtypes (each way), hook events, argv flags and `initialize`
 * fields they carry; and which client subtypes the real CLI refuses (`refused:<subtype>`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../config/package-info.js';
import { readFixture } from '../fixture/reader.js';
import { isRecord } from '../util/json.js';

/** Item id → the scenarios whose fixture shows it. */
export type Exercised = Map<string, Set<string>>;

/** What one fixture shows, as keys: `message:…`, `control:…`, `hook:…`, `argv:--flag`, `init:field`. */
export function keysOfFrame(dir: string, msg: unknown): string[] {
  if (!isRecord(msg) || typeof msg.type !== 'string') return [];
  const keys: string[] = [];
  const type = msg.type;
  const subtype = typeof msg.subtype === 'string' ? msg.subtype : undefined;
  if (dir === 'from-cli') keys.push(`message:${type}`, ...(subtype ? [`message:${type}/${subtype}`] : []));
  else keys.push(`message:stdin:${type}`, ...(subtype ? [`message:stdin:${type}/${subtype}`] : []));
  if (type === 'control_request' && isRecord(msg.request) && typeof msg.request.subtype === 'string') {
    const request = msg.request;
    keys.push(
      `control:${request.subtype}`,
      `control:${dir === 'from-cli' ? 'out' : 'in'}:${request.subtype}`,
    );
    if (request.subtype === 'hook_callback' && isRecord(request.input)) {
      const event = request.input.hook_event_name;
      if (typeof event === 'string') keys.push(`hook:${event}`);
    }
    if (request.subtype === 'initialize' && dir === 'to-cli')
      for (const [field, value] of Object.entries(request))
        if (value !== undefined) keys.push(`init:${field}`);
  }
  return keys;
}

/** The subtype the CLI answered "Unsupported control request subtype" to, if `msg` is such an answer. */
export function refusedSubtype(dir: string, msg: unknown): string | undefined {
  if (dir !== 'from-cli' || !isRecord(msg) || msg.type !== 'control_response') return undefined;
  const response = isRecord(msg.response) ? msg.response : {};
  const error = typeof response.error === 'string' ? response.error : '';
  return /^Unsupported control request subtype: (\S+)$/.exec(error)?.[1];
}

/** Flags of an argv, bare (`--model` for `--model x` and `--model=x`). */
export function flagsOf(argv: readonly string[]): string[] {
  return argv.filter((a) => /^--?[A-Za-z]/.test(a)).map((a) => a.replace(/=.*$/s, ''));
}

export async function exercisedBy(cliVersion: string, dir?: string): Promise<Exercised> {
  const folder = dir ?? join(packageInfo().root, 'fixtures', cliVersion);
  const out: Exercised = new Map();
  const add = (key: string, scenario: string) => {
    const set = out.get(key) ?? new Set<string>();
    set.add(scenario);
    out.set(key, set);
  };
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    const fixture = await readFixture(join(folder, name));
    const scenario = fixture.header.scenario ?? name.replace(/\.jsonl$/, '');
    for (const flag of flagsOf(fixture.header.argv ?? [])) add(`argv:${flag}`, scenario);
    for (const frame of fixture.frames) {
      if (!('msg' in frame)) continue;
      for (const key of keysOfFrame(frame.dir, frame.msg)) add(key, scenario);
      const refused = refusedSubtype(frame.dir, frame.msg);
      if (refused !== undefined) add(`refused:${refused}`, scenario);
    }
  }
  return out;
}
