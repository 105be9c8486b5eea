import type { ProfileEntry, ProfileSummary } from './profile.js';
import { fmt } from './stats.js';

/**
 * What a hot frame of a profile means and what would make it cheaper. Matched against the frame's
 * name (function and location) in order; the first match wins.
 */
interface HotSpot {
  match: RegExp;
  cause: string;
  remedy: string;
}

const HOT_SPOTS: HotSpot[] = [
  {
    match: /^\(garbage collector\)/,
    cause:
      'garbage collection: the objects allocated (parsed JSON, copies, strings; at start-up, module and schema objects)',
    remedy: 'allocate less (the items below); do not keep every parsed frame alive',
  },
  {
    match: /^\(program\)/,
    cause: 'V8 itself: compiling, inline caches, native code not attributed to a function',
    remedy: 'less code to compile at start-up (fewer, bundled modules)',
  },
  {
    match: /^compileForInternalLoader\b/,
    cause:
      'Node compiling its own modules that are not in its start-up snapshot (`node:net` and the stream stack behind a piped stdin, `node:crypto`, `node:child_process`, …), on their first require',
    remedy:
      'require a Node module where it is used, not at the top level (`process.getBuiltinModule`), and do without those a session does not need',
  },
  {
    match:
      /^(compileSourceTextModule|openFileHandle|fstat|read|readFileUtf8|realpathSync|decode node:internal\/encoding|internalModuleStat)\b/,
    cause: 'loading the ES module graph: one file resolved, read, decoded and compiled per module',
    remedy:
      'bundle the executable into one file (esbuild/rollup), or a compile cache (`module.enableCompileCache()`, Node ≥ 22.1)',
  },
  {
    match: /dist\/src\/[^ ]*\/behaviour\/[^ ]*index\.js:1$/,
    cause: "the behaviour module's top level: tables built at import time",
    remedy: 'build the tables lazily, on first use',
  },
  {
    match: /schemas\/[\d.]+\/sdk-amendments\.js/,
    cause:
      "a pin's Agent SDK amendments: the zod schemas of the SDK's declared types, constructed when the module loads",
    remedy:
      'fewer schema objects: share the identical leaves (`z.string()`, their `.optional()`) the generated file repeats',
  },
  {
    match: /schemas\/amend-(run|route)\.js/,
    cause: 'applying the amendments: one walk per amendment over drafts, each node built once per run',
    remedy: 'fewer runs (a run ends where a member look-up cannot be read from the drafts)',
  },
  {
    match: /zod\/v4/,
    cause: 'zod: schema construction at import time or parsing at run time',
    remedy:
      'keep zod off the hot path (construct schemas lazily; validate with a compiled check, zod only to explain a failure)',
  },
  {
    match: /validate\/schema-walker/,
    cause: "the kit's own walk over the zod schema objects (to produce findings with paths), per message",
    remedy:
      'gate it with a compiled yes/no check that also rejects unknown keys; walk only the messages that fail',
  },
  {
    match: /node_modules\/ajv\/dist\/(compile|core)/,
    cause: 'ajv compiling the JSON Schema (once per process: start-up, not per message)',
    remedy: 'precompile to standalone code at build time',
  },
  {
    match: /^mapJsonStrings .*replayer\/paths/,
    cause: "the replayer's path substitution walks every string of every outbound message",
    remedy:
      'test the recorded line for a placeholder (`$`) first and skip the walk (and the re-encoding) when there is none',
  },
  {
    match: /^push .*fixture\/reader/,
    cause: 'the fixture reader: JSON.parse and envelope checks of every record',
    remedy:
      'unavoidable per record; keep it, but parse once (the replayer re-encodes what the reader parsed)',
  },
  {
    match: /^decodeFile .*fixture\/reader/,
    cause: 'the fixture reader: line splitting and migration per record',
    remedy:
      'read the file in larger chunks; skip the migration chain when the header is already the current format',
  },
  {
    match: /^writeBuffer|^writeSync|^writeUtf8String|^writeString/,
    cause: 'one synchronous write(2) per frame or line',
    remedy: 'batch: one write per chunk or per burst of frames due at once',
  },
  {
    match: /^encodeLine .*protocol/,
    cause: 'JSON.stringify of every outbound message',
    remedy: "reuse the recorded line's text when nothing was substituted",
  },
  {
    match: /^classifyLine .*fixture/,
    cause: 'the recorder parses every line it forwards (JSON.parse to classify it as a message)',
    remedy: 'do it off the forwarding path (worker thread), or only for lines that need it',
  },
  {
    match: /redact\/leak-scan/,
    cause: 'the leak scan of every written line (done while writing, on a worker thread)',
    remedy: 'its own cost per line: pre-test the strings for the literals and the entropy detector too',
  },
  {
    match: /redact\/text-rules|^RegExp:|redact\/redactor|redact\/patterns/,
    cause:
      'redaction: the combined pre-test of the patterns on each line, the rules on the strings that may match',
    remedy:
      'a faster combined pre-test (alternatives grouped by first character); the literal rules in one regex',
  },
  {
    match: /protocol\/ids\.js/,
    cause: 'id normalisation walks every message to find ids to replace',
    remedy: 'walk only the known id-bearing paths, or pre-test the raw line',
  },
];

function hotSpotOf(entry: ProfileEntry): HotSpot | undefined {
  return HOT_SPOTS.find((h) => h.match.test(entry.name));
}

/**
 * The hot frames of a profile that the table above knows, as Markdown bullets:
 * "`name` 20% (ms): cause — remedy". Unknown frames are listed without a remedy.
 */
export function hotSpotBullets(profile: ProfileSummary, limit = 8, minPct = 2): string[] {
  const seen = new Set<HotSpot>();
  const out: string[] = [];
  for (const entry of profile.topFunctions) {
    if (out.length >= limit || entry.pct < minPct) break;
    const spot = hotSpotOf(entry);
    const head = `\`${entry.name}\` ${fmt(entry.pct, 0)}% (${fmt(entry.selfMs, 0)} ms)`;
    if (!spot) {
      out.push(`- ${head}`);
      continue;
    }
    if (seen.has(spot)) {
      out.push(`- ${head}: same as above`);
      continue;
    }
    seen.add(spot);
    out.push(`- ${head}: ${spot.cause} — *${spot.remedy}*`);
  }
  return out;
}

/** "group 31%, group 20%, …" of the largest groups. */
export function groupLine(profile: ProfileSummary, n = 6): string {
  return profile.topGroups
    .slice(0, n)
    .map((g) => `${g.name} ${fmt(g.pct, 0)}%`)
    .join(', ');
}
