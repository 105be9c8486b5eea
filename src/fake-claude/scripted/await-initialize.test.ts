import { describe, expect, it } from 'vitest';
import { AwaitInitialize, FIRST_LINE_NOT_INITIALIZE, FIRST_LINE_NOT_JSON } from './await-initialize.js';

const initialize = { type: 'control_request', request_id: 'i1', request: { subtype: 'initialize' } };
const user = { type: 'user', message: { role: 'user', content: 'Hi' } };
const calc = { calc: { type: 'stdio', command: 'node', args: ['calc.mjs'] } };

describe('--await-initialize (as 2.1.332 does it)', () => {
  it('refuses a first stdin line that is not initialize, and only the first', () => {
    const awaiting = new AwaitInitialize({ awaitInitialize: true });
    expect(awaiting.refuseLine(user)).toBe(FIRST_LINE_NOT_INITIALIZE);
    expect(awaiting.refuseLine(user)).toBeUndefined();
    const ok = new AwaitInitialize({ awaitInitialize: true });
    expect(ok.refuseLine(initialize)).toBeUndefined();
    expect(ok.refuseLine(user)).toBeUndefined();
    expect(new AwaitInitialize({}).refuseLine(user)).toBeUndefined();
  });

  it('a first line that is not JSON, or is null, has its own text; a later one the usual', () => {
    expect(new AwaitInitialize({ awaitInitialize: true }).refuseBadLine(false)).toBe(FIRST_LINE_NOT_JSON);
    expect(new AwaitInitialize({ awaitInitialize: true }).refuseBadLine(true)).toBe(
      FIRST_LINE_NOT_INITIALIZE,
    );
    const later = new AwaitInitialize({ awaitInitialize: true });
    later.refuseLine(initialize);
    expect(later.refuseBadLine(false)).toBeUndefined();
    expect(new AwaitInitialize({}).refuseBadLine(false)).toBeUndefined();
  });

  it('starts initialize’s MCP servers and says so; without the flag it says it did not', () => {
    expect(
      new AwaitInitialize({ awaitInitialize: true }).read({ subtype: 'initialize', mcpServers: calc }),
    ).toEqual({
      servers: [{ name: 'calc', type: 'stdio', command: 'node', args: ['calc.mjs'] }],
      disallowedTools: [],
      reply: { mcp_servers_applied: true },
    });
    expect(new AwaitInitialize({}).read({ subtype: 'initialize', mcpServers: calc })).toEqual({
      servers: [],
      disallowedTools: [],
      reply: { mcp_servers_applied: false },
    });
    // No field, no word of it.
    expect(new AwaitInitialize({ awaitInitialize: true }).read({ subtype: 'initialize' }).reply).toEqual({});
  });

  it('reads settings and disallowedTools only where --initialize-fields names them', () => {
    const read = new AwaitInitialize({ awaitInitialize: true, initializeFields: 'disallowedTools' }).read({
      subtype: 'initialize',
      settings: { env: { A: '1' } },
      disallowedTools: ['Bash'],
    });
    expect(read).toEqual({
      servers: [],
      disallowedTools: ['Bash'],
      reply: { settings_applied: false, disallowed_tools_applied: true },
    });
  });

  it('--managed-settings-in-initialize: an object is acknowledged, anything else or no initialize ends the session', () => {
    const flags = { awaitInitialize: true, managedSettingsInInitialize: true };
    expect(new AwaitInitialize(flags).read({ subtype: 'initialize', managedSettings: {} }).reply).toEqual({
      managed_settings_applied: true,
    });
    expect(new AwaitInitialize(flags).read({ subtype: 'initialize' }).error).toBe(
      'Error: --managed-settings-in-initialize requires initialize.managedSettings to be a JSON object.',
    );
    expect(new AwaitInitialize(flags).refuseEnd()).toBe(
      'Error: --managed-settings-in-initialize: no usable initialize request was read. Stdin ended or failed, or its first line went over the limit of 268,435,456 characters.',
    );
    expect(new AwaitInitialize({ awaitInitialize: true }).refuseEnd()).toBeUndefined();
  });
});
