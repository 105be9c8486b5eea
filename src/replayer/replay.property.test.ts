import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { clientPipe, type FrameSpec, makeFixture, Sink } from '../../test/support/replay-client.js';
import { PathSubstitution } from './paths.js';
import { replaySession } from './replay.js';

/**
 * Property: any valid fixture — client messages and CLI output alternating, client control
 * requests answered by the CLI, CLI control requests answered by the client, unprompted output,
 * stderr lines — replays to exactly its outbound frames when a client sends the recorded inbound
 * frames, with FRESH request ids of its own (which the replayed responses must carry).
 */

type Json = Record<string, unknown>;
const SESSION = '00000000-0000-4000-8000-000000000001';

const line = fc.string({ maxLength: 24 }).filter((s) => !s.includes('\n'));
const withPath = fc.oneof(
  line,
  line.map((s) => `$CWD/${s}`),
  line.map((s) => `$HOME/.claude/${s}`),
);

const cliOutput = fc.oneof(
  withPath.map((text) => ({
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'text', text }] },
    session_id: SESSION,
  })),
  fc
    .constantFrom('init', 'status', 'api_retry')
    .map((subtype) => ({ type: 'system', subtype, cwd: '$CWD', session_id: SESSION })),
  fc
    .integer({ min: 1, max: 9 })
    .map((n) => ({ type: 'result', subtype: 'success', is_error: false, num_turns: n, session_id: SESSION })),
  fc.constant({ type: 'rate_limit_event', rate_limit_info: { status: 'allowed' } }),
);

type Exchange =
  | { kind: 'user'; content: string; replies: Json[] }
  | { kind: 'client-request'; subtype: string; body: Json; before: Json[]; response: Json }
  | { kind: 'cli-request'; decision: Json; input: Json }
  | { kind: 'output'; msg: Json }
  | { kind: 'stderr'; text: string };

const exchange: fc.Arbitrary<Exchange> = fc.oneof(
  fc.record({
    kind: fc.constant('user' as const),
    content: withPath,
    replies: fc.array(cliOutput, { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('client-request' as const),
    subtype: fc.constantFrom('interrupt', 'set_permission_mode', 'get_settings', 'mcp_status', 'initialize'),
    body: fc.dictionary(fc.constantFrom('mode', 'model', 'hooks'), line, { maxKeys: 2 }),
    before: fc.array(cliOutput, { maxLength: 2 }),
    response: fc.dictionary(line, fc.oneof(line, fc.integer()), { maxKeys: 3 }),
  }),
  fc.record({
    kind: fc.constant('cli-request' as const),
    input: fc.record({ file_path: withPath, content: line }),
    decision: fc.oneof(
      fc.record({ behavior: fc.constant('deny'), message: line }),
      fc.record({ behavior: fc.constant('allow'), updatedInput: fc.record({ file_path: withPath }) }),
    ),
  }),
  fc.record({ kind: fc.constant('output' as const), msg: cliOutput }),
  fc.record({ kind: fc.constant('stderr' as const), text: withPath }),
);

/** Builds the fixture frames; client request ids get recorded placeholders of two shapes. */
function framesOf(exchanges: Exchange[]): FrameSpec[] {
  const frames: FrameSpec[] = [];
  let client = 0;
  let cli = 0;
  for (const x of exchanges) {
    if (x.kind === 'user') {
      frames.push({ dir: 'to-cli', msg: { type: 'user', message: { role: 'user', content: x.content } } });
      for (const msg of x.replies) frames.push({ dir: 'from-cli', msg });
    } else if (x.kind === 'client-request') {
      client += 1;
      const id =
        client % 2 ? `00000000-0000-4000-8000-${String(100 + client).padStart(12, '0')}` : `clide-${client}`;
      frames.push({
        dir: 'to-cli',
        msg: { type: 'control_request', request_id: id, request: { subtype: x.subtype, ...x.body } },
      });
      for (const msg of x.before) frames.push({ dir: 'from-cli', msg });
      frames.push({
        dir: 'from-cli',
        msg: {
          type: 'control_response',
          response: { subtype: 'success', request_id: id, response: x.response },
        },
      });
    } else if (x.kind === 'cli-request') {
      cli += 1;
      const id = `00000000-0000-4000-8000-${String(900 + cli).padStart(12, '0')}`;
      frames.push({
        dir: 'from-cli',
        msg: {
          type: 'control_request',
          request_id: id,
          request: { subtype: 'can_use_tool', tool_name: 'Write', input: x.input },
        },
      });
      frames.push({
        dir: 'to-cli',
        msg: {
          type: 'control_response',
          response: { subtype: 'success', request_id: id, response: x.decision },
        },
      });
    } else if (x.kind === 'output') {
      frames.push({ dir: 'from-cli', msg: x.msg });
    } else {
      frames.push({ dir: 'stderr', raw: x.text });
    }
  }
  return frames;
}

function deepMap(value: unknown, fn: (s: string, key: string | undefined) => string, key?: string): unknown {
  if (typeof value === 'string') return fn(value, key);
  if (Array.isArray(value)) return value.map((v) => deepMap(v, fn, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [fn(k, undefined), deepMap(v, fn, k)]));
  }
  return value;
}

describe('replay of arbitrary valid fixtures', () => {
  test.prop(
    [
      fc.array(exchange, { minLength: 1, maxLength: 12 }),
      fc.uniqueArray(fc.uuid(), { minLength: 12, maxLength: 12 }),
      fc.integer({ min: 0, max: 3 }),
    ],
    { numRuns: Number(process.env.CLIDE_PROPERTY_RUNS ?? 100) },
  )(
    'replays exactly the outbound frames to a client using fresh request ids',
    async (exchanges, fresh, exitCode) => {
      const cwd = mkdtempSync(join(tmpdir(), 'replayer-prop-'));
      try {
        const specs = framesOf(exchanges);
        const paths = new PathSubstitution({
          cwd,
          home: '/home/prop',
          user: 'prop-user-x',
          hostname: 'prop-host-x',
        });
        const live = new Map<string, string>();
        const client = clientPipe();
        const stdout = new Sink();
        const stderr = new Sink();
        const done = replaySession({
          fixture: makeFixture(specs, exitCode),
          fixtureName: 'property.jsonl',
          mode: 'strict',
          pacing: { kind: 'instant' },
          paths,
          cwd,
          stdin: client.stdin,
          stdout,
          stderr,
          toolEffects: false,
        });
        const toLive = (msg: unknown) =>
          deepMap(msg, (s, key) => (key === 'request_id' ? (live.get(s) ?? s) : paths.toReal(s)));
        // The client: sends each recorded client frame once the output recorded before it has arrived.
        let seen = 0;
        for (const spec of specs) {
          if (spec.dir === 'from-cli') seen += 1;
          if (spec.dir !== 'to-cli' || !('msg' in spec)) continue;
          await stdout.untilLines(seen);
          const msg = spec.msg as Json;
          if (msg.type === 'control_request') live.set(String(msg.request_id), fresh[live.size]!);
          client.send(toLive(msg));
        }
        client.end();
        const outcome = await done;
        expect(outcome.problems).toEqual([]);
        expect(outcome.exitCode).toBe(exitCode);
        expect(stdout.json()).toEqual(
          specs.filter((s) => s.dir === 'from-cli').map((s) => toLive((s as { msg: unknown }).msg)),
        );
        expect(stderr.text).toBe(
          specs
            .filter((s) => s.dir === 'stderr')
            .map((s) => `${paths.toReal((s as { raw: string }).raw)}\n`)
            .join(''),
        );
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    },
  );
});
