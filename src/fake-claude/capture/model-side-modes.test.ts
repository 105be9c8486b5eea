import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../model-api/index.js';
import type { ModelSideData } from '../model-side/types.js';
import {
  paramTemplate,
  pathTemplate,
  permissionModesOf,
  promptReminders,
  startNotice,
} from './model-side-modes.js';

const request = (messages: unknown[]): RecordedRequest =>
  ({
    index: 0,
    method: 'POST',
    path: '/v1/messages',
    headers: {},
    kind: 'conversation',
    turn: 0,
    time: 0,
    body: { messages },
  }) as RecordedRequest;

const context = (placement: 'user-block' | 'system-message'): ModelSideData['context'] =>
  ({
    userBlocks: ['skills\n', 'date\n'],
    userBlocksWithNotice: ['skills', 'date\n'],
    systemMessage: placement === 'system-message' ? 'Env.\n\n{notices}Today.' : null,
    notice:
      placement === 'user-block'
        ? { placement, at: 1, template: '<system-reminder>\n{text}\n</system-reminder>\n' }
        : { placement, at: 6, template: '{text}\n\n' },
  }) as unknown as ModelSideData['context'];

describe('the permission modes’ capture', () => {
  it('reads the modes of the version’s --permission-mode, with default', () => {
    expect(permissionModesOf('2.1.150')).toEqual([
      'acceptEdits',
      'auto',
      'bypassPermissions',
      'default',
      'dontAsk',
      'plan',
    ]);
    expect(permissionModesOf('2.1.332')).toContain('manual');
    expect(permissionModesOf('2.1.332')).toContain('default');
  });

  it('templates the sandbox’s paths (a plan file first) and, in parameters, the platform', () => {
    const root = '/tmp/sb-1';
    expect(pathTemplate(`Plan at ${root}/home/.claude/plans/a-b-c.md in ${root}/work.`, root)).toBe(
      'Plan at {planFilePath} in {cwd}.',
    );
    expect(
      paramTemplate(
        {
          platform: process.platform,
          home: `${root}/home`,
          user: `${root}/home/.claude`,
          n: 1,
          list: [`${root}/work`],
        },
        root,
      ),
    ).toEqual({ platform: '{platform}', home: '{home}', user: '{configDir}', n: 1, list: ['{cwd}'] });
  });

  it('finds what a prompt carries: blocks before it, system-role messages after its message', () => {
    const blocks = request([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: '<r>a</r>' },
          { type: 'text', text: 'Say hi 1.', cache_control: { type: 'ephemeral' } },
        ],
      },
    ]);
    expect(promptReminders(blocks, 'Say hi 1.')).toEqual({ blocks: ['<r>a</r>'], system: [] });
    const system = request([
      { role: 'user', content: 'Say hi 1.' },
      {
        role: 'system',
        content: [{ type: 'text', text: 'Plan over.', cache_control: { type: 'ephemeral' } }],
      },
    ]);
    expect(promptReminders(system, 'Say hi 1.')).toEqual({ blocks: [], system: ['Plan over.'] });
    expect(() => promptReminders(system, 'Say hi 2.')).toThrow(/no user message/);
    const extra = request([
      { role: 'user', content: 'Say hi 1.' },
      { role: 'system', content: 'x', output_config: {} },
    ]);
    expect(() => promptReminders(extra, 'Say hi 1.')).toThrow(/other fields/);
  });

  it('finds a start notice where the version puts notices, or none; anything else is refused', () => {
    const blocks = context('user-block');
    expect(startNotice(blocks, { blocks: ['skills\n', 'date\n'], system: null })).toBeUndefined();
    expect(
      startNotice(blocks, {
        blocks: ['skills', '<system-reminder>\nAuto.\n</system-reminder>\n', 'date\n'],
        system: null,
      }),
    ).toBe('Auto.');
    expect(() => startNotice(blocks, { blocks: ['skills', 'date\n', 'more'], system: null })).toThrow(
      /not where notices go/,
    );

    const system = context('system-message');
    expect(startNotice(system, { blocks: [], system: 'Env.\n\nToday.' })).toBeUndefined();
    expect(startNotice(system, { blocks: [], system: 'Env.\n\nBypass.\n\nToday.' })).toBe('Bypass.');
    expect(() => startNotice(system, { blocks: [], system: 'Other.\n\nToday.' })).toThrow(/where notices go/);
  });
});
