import { describe, expect, it } from 'vitest';
import type { SessionFacts } from '../../behaviour/index.js';
import { fillTemplate } from './fill.js';

const facts = {
  sessionId: 's-1',
  cwd: '/tmp/box/work',
  configDir: '/tmp/box/home/.claude',
  home: '/tmp/box/home',
  tmpDir: '/tmp/box',
} as SessionFacts;

describe('a captured message template filled for a session', () => {
  it('keeps the key order and fills per-message values, folders, strings and whole values', () => {
    const filled = fillTemplate(
      {
        type: 'system',
        uuid: '<uuid>',
        session_id: '<session_id>',
        file: '<config-dir>/projects/{cwdSlug}/{sessionId}.jsonl',
        text: 'Running {toolDescription} in <cwd>',
        usage: { total_tokens: '{=tokens}' },
        gone: '{=missing}',
      },
      facts,
      { strings: { toolDescription: 'Say hi' }, values: { tokens: 12 } },
    );
    expect(Object.keys(filled)).toEqual(['type', 'uuid', 'session_id', 'file', 'text', 'usage']);
    expect(filled).toMatchObject({
      session_id: 's-1',
      file: '/tmp/box/home/.claude/projects/-tmp-box-work/s-1.jsonl',
      text: 'Running Say hi in /tmp/box/work',
      usage: { total_tokens: 12 },
    });
    expect(filled.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('leaves a placeholder it has no value for, and never fills a value inserted into the text', () => {
    expect(
      fillTemplate({ text: '{report} {unknown}' }, facts, { strings: { report: '{unknown} <cwd>' } }),
    ).toEqual({
      text: '{unknown} <cwd> {unknown}',
    });
  });
});
