import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OFFLINE_CONTROL_REQUESTS } from '../../../scenarios/catalogue/control-offline.js';
import { behaviourFor, type Json } from '../../behaviour/index.js';
import type { FakeFlags } from '../../flags.js';
import { McpHub } from '../mcp-hub.js';
import { capturedReplies } from './captured.js';
import { requestValues } from './captured-types.js';
import { handleControlRequest } from './table.js';
import type { ControlSession } from './types.js';

const cwd = mkdtempSync(join(tmpdir(), 'clide-control-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** A session of `version` in `cwd` whose output is collected (the handlers' whole world). */
async function session(version: string): Promise<{ session: ControlSession; out: Json[] }> {
  const b = await behaviourFor(version);
  const out: Json[] = [];
  const s = {
    b,
    flags: {} as FakeFlags,
    mcp: new McpHub({ behaviour: b, cwd, env: {}, sendRequest: async () => ({}) }),
    readFiles: new Set<string>(),
    seededFiles: new Set<string>(),
    pid: 1,
    auth: 'api-key',
    sessionId: '11111111-1111-4111-8111-111111111111',
    turn: undefined,
    model: 'm',
    permissionMode: 'default',
    hooks: {},
    initialized: true,
    facts: () => ({
      sessionId: '11111111-1111-4111-8111-111111111111',
      cwd,
      model: 'm',
      permissionMode: 'default',
      tools: [],
      skills: [],
      commands: [],
      mcpServers: [],
      apiKeySource: 'none',
      configDir: join(cwd, '.claude'),
      home: cwd,
      auth: 'api-key' as const,
      tmpDir: tmpdir(),
      pid: 1,
    }),
    emit: (m: Json) => out.push(m),
    reply: (requestId: string, response?: Json) =>
      out.push({
        type: 'control_response',
        response: { subtype: 'success', request_id: requestId, response },
      }),
    replyError: (requestId: string, error: string) =>
      out.push({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error } }),
    endWith: () => {},
  } as unknown as ControlSession;
  return { session: s, out };
}

describe.each(['2.1.150', '2.1.332'])('the captured control replies of %s', (version) => {
  it('answer the requests of control/offline-requests, one each, in its order', () => {
    const captured = OFFLINE_CONTROL_REQUESTS.map((r, i) => {
      const same = OFFLINE_CONTROL_REQUESTS.slice(0, i).filter((p) => p.subtype === r.subtype).length;
      return capturedReplies(version, r.subtype)[same]?.request;
    });
    expect(captured).toEqual(OFFLINE_CONTROL_REQUESTS);
  });

  it('read_file returns the text of any file under the session folder, in the captured shape', async () => {
    writeFileSync(join(cwd, 'other.txt'), 'other text\n');
    const { session: s, out } = await session(version);
    handleControlRequest(s, { subtype: 'read_file', path: 'other.txt' }, 'r1');
    const response = (out[0]!.response as Json).response as Json;
    expect(response.contents).toBe('other text\n');
    expect(response.absPath).toBe(join(cwd, 'other.txt'));
    if (version === '2.1.332') expect(response.requested_path).toBe('other.txt');
  });

  it("an MCP request names the client's server, not the captured one", async () => {
    const { session: s, out } = await session(version);
    handleControlRequest(s, { subtype: 'mcp_call', tool: 'mcp__calc__add', arguments: {} }, 'r2');
    handleControlRequest(s, { subtype: 'mcp_toggle', serverName: 'calc', enabled: false }, 'r3');
    expect(out.map((m) => (m.response as Json).error)).toEqual([
      'MCP server not connected: calc',
      'Server not found: calc',
    ]);
  });
});

describe('apply_flag_settings', () => {
  it('2.1.332 refuses a value of a kind it refuses for the key, naming the keys in its order, and applies nothing', async () => {
    const { session: s, out } = await session('2.1.332');
    handleControlRequest(
      s,
      {
        subtype: 'apply_flag_settings',
        settings: { permissions: 'x', includeCoAuthoredBy: 'y', model: 'm' },
      },
      'r5',
    );
    expect(out.map((m) => (m.response as Json).error)).toEqual([
      'apply_flag_settings: nothing in this request was applied and earlier settings stay in force. Fix or remove these invalid settings and send it again: includeCoAuthoredBy, permissions',
    ]);
  });

  it('2.1.150 takes any kind of value', async () => {
    const { session: s, out } = await session('2.1.150');
    handleControlRequest(s, { subtype: 'apply_flag_settings', settings: { permissions: 'x' } }, 'r6');
    expect((out[0]!.response as Json).subtype).toBe('success');
  });
});

describe('rename_session', () => {
  it('2.1.332 announces the new title (session_title_changed) before its answer', async () => {
    const { session: s, out } = await session('2.1.332');
    handleControlRequest(s, { subtype: 'rename_session', title: 'My title' }, 'r4');
    expect(out[0]).toMatchObject({
      type: 'system',
      subtype: 'session_title_changed',
      title: 'My title',
      session_id: '11111111-1111-4111-8111-111111111111',
    });
    expect(out[1]).toEqual({ type: 'control_response', response: { subtype: 'success', request_id: 'r4' } });
  });
});

describe('requestValues', () => {
  it("names a request's strings and the server of an MCP tool name", () => {
    const request = { subtype: 'mcp_call', tool: 'mcp__calc__add', n: 1, id: 'ab' };
    expect(requestValues(request, 3)).toEqual({ tool: 'mcp__calc__add', server: 'calc' });
    expect(requestValues(request)).toEqual({ tool: 'mcp__calc__add', id: 'ab', server: 'calc' });
  });
});
