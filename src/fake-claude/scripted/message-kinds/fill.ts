import { randomUuid } from '../../../util/uuid.js';
import type { SessionFacts } from '../../behaviour/index.js';

type Json = Record<string, unknown>;

/** What a template is filled with: `{name}` texts, `{=name}` whole values. */
export interface FillValues {
  strings?: Record<string, string>;
  values?: Record<string, unknown>;
}

const WHOLE = /^\{=([A-Za-z_.]+)\}$/;
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * A captured message template (types.ts) made this session's: `<uuid>` a new uuid, `<session_id>`
 * the session, `<timestamp>` now, the sandbox's folders this process's (`{sessionId}` and the
 * project slug `{cwdSlug}` too), `{name}` the given strings,
 * `{=name}` the given values (a key whose value is undefined is left out). Key order is the template's.
 */
export function fillTemplate<T = Json>(template: T, facts: SessionFacts, given: FillValues = {}): T {
  const strings = {
    sessionId: facts.sessionId,
    cwdSlug: facts.cwd.replace(/[^a-zA-Z0-9]/g, '-'),
    ...given.strings,
  };
  return fill(template, facts, strings, given.values ?? {}) as T;
}

function fill(
  value: unknown,
  facts: SessionFacts,
  strings: Record<string, string>,
  values: Record<string, unknown>,
): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return values[whole[1]!];
    if (value === '<uuid>') return randomUuid();
    if (value === '<session_id>') return facts.sessionId;
    if (value === '<timestamp>') return new Date().toISOString();
    return value
      .replaceAll('<config-dir>', facts.configDir)
      .replaceAll('<home>', facts.home)
      .replaceAll('<cwd>', facts.cwd)
      .replaceAll('<tmpdir>', facts.tmpDir)
      .replace(PLACEHOLDER, (all, name: string) => strings[name] ?? all);
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, facts, strings, values));
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) {
      const filled = fill(child, facts, strings, values);
      if (filled !== undefined) out[key] = filled;
    }
    return out;
  }
  return value;
}
