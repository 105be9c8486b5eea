import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { readFixture, recordingPath } from '../src/fixture/index.js';
import {
  cutAt,
  deltaEvent,
  fileExists,
  type PlantedRun,
  recordPlanted,
  type Step,
  secretsOnDisk,
} from './support/planted-recording.js';

/**
 * The planted-secret corpus, continued: secrets as a reader of the fixture sees them — split over
 * a content block's deltas (`--include-partial-messages` streams text and tool input a few
 * characters at a time), over stderr lines, under secret-shaped keys whatever their entropy (tool
 * inputs, an MCP server's `env` and `headers` in `--mcp-config`), in a URL with credentials. Each
 * run records through the real `clide-record`; nothing of a secret may be on disk, in any file's
 * text or in the joined text of any block or of stderr, and the recording must be kept.
 */

const alnum = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));
/** Random enough to be a credential: letters of both cases and digits. */
const mixed = (n: number) =>
  fc
    .tuple(alnum(n - 3, n - 3), fc.constantFrom('a', 'q', 'z'), fc.constantFrom('B', 'K', 'X'), fc.nat(9))
    .map(([s, a, b, d]) => `${s}${a}${b}${d}`);
/** A password a person picks: no entropy to speak of (`Summer2024`, `hunter42`). */
const lowEntropy = fc
  .tuple(
    fc.constantFrom('Summer', 'hunter', 'Welcome', 'letmein', 'Autumn', 'dragon'),
    fc.integer({ min: 10, max: 2099 }),
  )
  .map(([w, n]) => `${w}${n}`);
const b64 = (n: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9+/]{${n}}$`));
/** 1 to 4 cut points inside `[from, to)`. */
const cuts = (from: number, to: number) =>
  fc.uniqueArray(fc.integer({ min: from, max: to - 1 }), { minLength: 1, maxLength: 4 });

const blockStart = (index: number, type: 'text' | 'tool_use'): Step => ({
  out: {
    type: 'stream_event',
    event: {
      type: 'content_block_start',
      index,
      content_block: type === 'text' ? { type, text: '' } : { type, id: 'toolu_01', name: 'Bash', input: {} },
    },
    session_id: 'sess-planted',
    parent_tool_use_id: null,
    uuid: '00000000-0000-4000-8000-000000000001',
  },
});
const blockStop = (index: number): Step => ({
  out: {
    type: 'stream_event',
    event: { type: 'content_block_stop', index },
    session_id: 'sess-planted',
    parent_tool_use_id: null,
    uuid: '00000000-0000-4000-8000-000000000001',
  },
});
const textDeltas = (index: number, pieces: string[]): Step[] => [
  blockStart(index, 'text'),
  ...pieces.map((text) => ({ out: deltaEvent(index, { type: 'text_delta', text }) })),
  blockStop(index),
];
const jsonDeltas = (index: number, pieces: string[]): Step[] => [
  blockStart(index, 'tool_use'),
  ...pieces.map((partial_json) => ({ out: deltaEvent(index, { type: 'input_json_delta', partial_json }) })),
  blockStop(index),
];
const assistant = (content: unknown[]): Step => ({
  out: { type: 'assistant', message: { role: 'assistant', content }, session_id: 'sess-planted' },
});
const result: Step = { out: { type: 'result', subtype: 'success', result: 'done', is_error: false } };

/** 0 secrets on disk, and the recording kept: the fixture written, complete, nothing else left. */
async function expectKeptAndClean(planted: PlantedRun, secrets: ReadonlyArray<readonly [string, string]>) {
  const { run, out, files } = planted;
  expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
  expect(secretsOnDisk(files, secrets)).toEqual([]);
  expect(fileExists(out), run.stderr.slice(-2000)).toBe(true);
  expect(fileExists(recordingPath(out))).toBe(false);
  expect(Object.keys(files)).toEqual(['session.jsonl']);
  expect((await readFixture(out)).complete).toBe(true);
}

const RUNS = { numRuns: 4, endOnFailure: true } as const;

describe('planted secrets as the reader sees them, through clide-record', () => {
  test.prop([mixed(40).chain((s) => fc.tuple(fc.constant(`sk-ant-api03-${s}`), cuts(6, 6 + 53)))], RUNS)(
    'an API key split over the text deltas of a block',
    async ([key, at]) => {
      const text = `here: ${key} ok`;
      const planted = await recordPlanted({ steps: [...textDeltas(0, cutAt(text, at)), result] });
      await expectKeptAndClean(planted, [['anthropic-key', key]]);
    },
    60_000,
  );

  test.prop([lowEntropy, fc.boolean()], RUNS)(
    'an assignment whose value comes in the next delta (DB_PASSWORD= | value)',
    async (password, cutValue) => {
      const pieces = [
        'connect with DB_PASSWORD=',
        ...(cutValue ? cutAt(password, [3]) : [password]),
        ' and retry',
      ];
      const planted = await recordPlanted({ steps: [...textDeltas(0, pieces), result] });
      await expectKeptAndClean(planted, [['DB_PASSWORD', password]]);
    },
    60_000,
  );

  test.prop([mixed(32), lowEntropy, fc.array(fc.nat(200), { minLength: 2, maxLength: 6 })], RUNS)(
    "a tool input streamed as input_json_delta: a bearer token and a secret-shaped key's value, split anywhere",
    async (token, apiToken, at) => {
      const input = JSON.stringify({
        command: `curl -H "Authorization: Bearer ${token}" https://api.corp.io/v1`,
        api_token: apiToken,
      });
      const planted = await recordPlanted({
        steps: [
          ...jsonDeltas(1, cutAt(input, at)),
          assistant([{ type: 'tool_use', id: 'toolu_01', name: 'Bash', input: JSON.parse(input) }]),
          result,
        ],
      });
      await expectKeptAndClean(planted, [
        ['bearer token', token],
        ['api_token', apiToken],
      ]);
    },
    60_000,
  );

  test.prop([fc.array(b64(64), { minLength: 2, maxLength: 4 })], RUNS)(
    'a private key printed on stderr line by line, each line a write of its own',
    async (body) => {
      const lines = ['-----BEGIN RSA PRIVATE KEY-----', ...body, '-----END RSA PRIVATE KEY-----'];
      const planted = await recordPlanted({ steps: [...lines.map((l) => ({ err: `${l}\n` })), result] });
      await expectKeptAndClean(
        planted,
        body.map((b, i) => [`key line ${i + 1}`, b] as const),
      );
    },
    60_000,
  );

  test.prop([fc.array(lowEntropy, { minLength: 7, maxLength: 7 })], RUNS)(
    'values under every secret-shaped key of a tool input, whatever their entropy',
    async (values) => {
      const keys = [
        'token',
        'api_token',
        'GITHUB_TOKEN',
        'client_secret_v2',
        'db_password',
        'X-Custom-Auth',
        'signing_key',
      ];
      const input = Object.fromEntries(keys.map((k, i) => [k, values[i]!]));
      const planted = await recordPlanted({
        steps: [
          assistant([
            {
              type: 'tool_use',
              id: 'toolu_01',
              name: 'mcp__deploy__run',
              input: { target: 'prod', ...input },
            },
          ]),
          result,
        ],
      });
      await expectKeptAndClean(
        planted,
        keys.map((k, i) => [k, values[i]!] as const),
      );
    },
    60_000,
  );

  test.prop([lowEntropy, lowEntropy], RUNS)(
    "an MCP server's env and headers in the client's --mcp-config",
    async (envValue, headerValue) => {
      const config = {
        mcpServers: {
          tools: { command: 'node', args: ['server.js'], env: { TOKEN: envValue } },
          remote: {
            type: 'http',
            url: 'https://mcp.corp.io/mcp',
            headers: { 'X-Custom-Header': headerValue },
          },
        },
      };
      const planted = await recordPlanted({
        args: ['-p', '--mcp-config', JSON.stringify(config), '--output-format', 'stream-json'],
        steps: [result],
      });
      await expectKeptAndClean(planted, [
        ['mcp env', envValue],
        ['mcp header', headerValue],
      ]);
      // The argument stays the JSON it was, with placeholders for the values.
      const argv = (await readFixture(planted.out)).header.argv;
      const recorded = JSON.parse(argv[argv.indexOf('--mcp-config') + 1]!);
      expect(Object.keys(recorded.mcpServers)).toEqual(['tools', 'remote']);
      expect(recorded.mcpServers.tools.command).toBe('node');
    },
    60_000,
  );

  test.prop(
    [
      fc.constantFrom('postgres', 'postgresql', 'mysql', 'mongodb+srv', 'redis', 'amqps'),
      lowEntropy,
      mixed(16),
    ],
    RUNS,
  )(
    'a URL with credentials: kept, with a URL a scanner reads as one (scheme://REDACTED@host)',
    async (scheme, user, password) => {
      const url = `${scheme}://app${user}:${password}@db.internal:5432/app`;
      const planted = await recordPlanted({
        steps: [assistant([{ type: 'text', text: `connect to ${url} then migrate` }]), result],
      });
      await expectKeptAndClean(planted, [['url password', password]]);
      expect(planted.files['session.jsonl']).toContain(`${scheme}://REDACTED@db.internal:5432/app`);
    },
    60_000,
  );
});
