import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelSideSession } from './session.js';

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = { role: 'assistant', content: [{ type: 'text', text: 'ok' }] };

describe('one session’s model side', () => {
  it('2.1.150 in plan mode: the reminder is the first user message’s first block, in every request', () => {
    const side = new ModelSideSession('2.1.150', {}, '/tmp');
    const first = side.messages([user('Say hi.')], 'plan', '/home/u/.claude');
    expect(first).toHaveLength(1);
    const blocks = first[0]!.content as Array<{ text: string }>;
    expect(blocks[0]!.text).toMatch(/^<system-reminder>\nPlan mode is active/);
    expect(blocks[0]!.text).toContain('/home/u/.claude/plans/say-hi-scripted-plan.md');
    expect(blocks[1]!.text).toBe('Say hi.');
    // Later requests keep it, even after the mode changed.
    const later = side.messages([user('Say hi.'), assistant, user('More.')], 'default', '/home/u/.claude');
    expect((later[0]!.content as Array<{ text: string }>)[0]!.text).toBe(blocks[0]!.text);
    expect(later).toHaveLength(3);
  });
  it('2.1.332 in plan mode: a system-role message after the first user message, a block first and its text after', () => {
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    const first = side.messages([user('Say hi.')], 'plan', '/c');
    expect(first.map((m) => m.role)).toEqual(['user', 'system']);
    expect(first[1]!.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^Plan mode is active/) },
    ]);
    const later = side.messages([user('Say hi.'), assistant, user('More.')], 'plan', '/c');
    expect(later.map((m) => m.role)).toEqual(['user', 'system', 'assistant', 'user']);
    expect(typeof later[1]!.content).toBe('string');
  });
  it('a session whose first request is not in plan mode gets no reminder', () => {
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    const history = [user('Say hi.')];
    expect(side.messages(history, 'default', '/c')).toEqual(history);
    expect(side.messages(history, 'plan', '/c')).toEqual(history);
  });
  it('reads --system-prompt-file and --append-system-prompt-file from the cwd; initialize’s fields win', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'clide-model-side-'));
    writeFileSync(join(cwd, 'sp.txt'), 'From a file.');
    writeFileSync(join(cwd, 'ap.txt'), 'Appended.');
    const side = new ModelSideSession(
      '2.1.332',
      { systemPromptFile: 'sp.txt', appendSystemPromptFile: 'ap.txt' },
      cwd,
    );
    expect(side.system([{ text: 'own' }], '/c').at(-1)?.text).toBe('From a file.\n\nAppended.');
    side.fromInitialize({ systemPrompt: 'Init.', appendSystemPrompt: 'Init append.' });
    expect(side.system([{ text: 'own' }], '/c').at(-1)?.text).toBe('Init.\n\nInit append.');
    side.fromInitialize({ systemPrompt: ['One.', 'Two.'] });
    expect(side.system([{ text: 'own' }], '/c').at(-1)?.text).toBe('One.\n\nTwo.\n\nInit append.');
  });
});
