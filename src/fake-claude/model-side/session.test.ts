import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../test/support/temp-dirs.js';
import { ModelSideSession } from './session.js';

const temp = tempDirs();

type Block = { type: string; text: string; cache_control?: unknown };
const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = { role: 'assistant', content: [{ type: 'text', text: 'ok' }] };
const builtinTools = ['CronCreate', 'EnterPlanMode', 'WebSearch'];
const facts = { model: 'claude-opus-5-5', projectSkills: [], deferredMcpTools: [], builtinTools };
const texts = (content: unknown) => (content as Block[]).map((b) => b.text);

describe('one session’s model side', () => {
  it('2.1.150 in plan mode: the reminder is a block after the skills list and before the date, in every request', () => {
    const side = new ModelSideSession('2.1.150', {}, '/tmp');
    const first = side.messages([user('Say hi.')], 'plan', '/home/u/.claude', facts);
    expect(first).toHaveLength(1);
    const blocks = texts(first[0]!.content);
    expect(blocks[0]).toMatch(/The following skills are available/);
    expect(blocks[1]).toMatch(/^<system-reminder>\nPlan mode is active/);
    expect(blocks[1]).toContain('/home/u/.claude/plans/say-hi-scripted-plan.md');
    expect(blocks[2]).toMatch(/# currentDate\nToday's date is \d{4}-\d{2}-\d{2}\./);
    expect(blocks.at(-1)).toBe('Say hi.');
    // Later requests keep it, even after the mode changed; the last block carries cache control.
    const later = side.messages(
      [user('Say hi.'), assistant, user('More.')],
      'default',
      '/home/u/.claude',
      facts,
    );
    expect(texts(later[0]!.content)[1]).toBe(blocks[1]);
    expect(later).toHaveLength(3);
    expect((later[2]!.content as Block[]).at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect((later[0]!.content as Block[]).at(-1)?.cache_control).toBeUndefined();
  });

  it('2.1.332 in plan mode: the reminder is in the system-role message after the first user message, a block while it is last and its text after', () => {
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    const first = side.messages([user('Say hi.')], 'plan', '/c', facts);
    expect(first.map((m) => m.role)).toEqual(['user', 'system']);
    const system = texts(first[1]!.content)[0]!;
    expect(system).toMatch(/^# Environment\n/);
    expect(system).toMatch(/\n\nPlan mode is active[\s\S]*\n\nToday's date is /);
    expect(first[1]!.output_config).toEqual({ effort: 'medium' });
    const later = side.messages([user('Say hi.'), assistant, user('More.')], 'plan', '/c', facts);
    expect(later.map((m) => m.role)).toEqual(['user', 'system', 'assistant', 'user']);
    expect(later[1]!.content).toBe(system);
  });

  it('a session whose first request is not in plan mode gets no plan reminder, even if the mode changes later', () => {
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    const history = [user('Say hi.')];
    const first = JSON.stringify(side.messages(history, 'default', '/c', facts));
    expect(first).not.toContain('Plan mode is active');
    expect(JSON.stringify(side.messages(history, 'plan', '/c', facts))).toBe(first);
  });

  it('the project’s skills come first in the skills list; the model and the deferred MCP tools are the session’s', () => {
    const side = new ModelSideSession('2.1.332', {}, '/work');
    const [, system] = side.messages([user('Hi.')], 'default', '/c', {
      model: 'claude-sonnet-5-5',
      projectSkills: [{ name: 'greet', description: 'Greets the user' }],
      deferredMcpTools: ['mcp__calc__add'],
      builtinTools: ['CronCreate', 'WebSearch'],
    });
    const text = texts(system!.content)[0]!;
    expect(text).toContain('Skill tool:\n\n- greet: Greets the user\n- ');
    // The deferred tools: the session's built-in ones among the version's, then the MCP tools.
    expect(text).toContain('before calling them:\nCronCreate\nWebSearch\nmcp__calc__add\n\n');
    expect(text).toContain('The exact model ID is claude-sonnet-5-5.');
    expect(text).toContain(' - Primary working directory: /work\n');
  });

  it('--max-budget-usd: a notice of the whole budget at the start, and of what is left after each batch of tool results', () => {
    const old = new ModelSideSession('2.1.150', { maxBudgetUsd: 0.6 }, '/tmp');
    const blocks = texts(old.messages([user('Go.')], 'default', '/c', facts)[0]!.content);
    expect(blocks).toContain('<system-reminder>\nUSD budget: $0/$0.6; $0.6 remaining\n</system-reminder>\n');
    const results = [{ type: 'tool_result', tool_use_id: 't', content: 'done' }];
    expect(old.afterTools(results, 0.5)).toBeUndefined();
    expect(results[0]!.content).toBe(
      `done\n\n<system-reminder>\nUSD budget: $0.5/$0.6; $${0.6 - 0.5} remaining\n</system-reminder>`,
    );
    const newer = new ModelSideSession('2.1.332', { maxBudgetUsd: 0.6 }, '/tmp');
    expect(newer.afterTools([{ type: 'tool_result', content: 'x' }], 0.4)).toEqual({
      role: 'system',
      content: `USD budget: $0.4/$0.6; $${0.6 - 0.4} remaining`,
    });
    expect(new ModelSideSession('2.1.332', {}, '/tmp').afterTools([], 1)).toBeUndefined();
  });

  it('consecutive user messages are joined, a text that ended the earlier one ending in a newline', () => {
    const side = new ModelSideSession('2.1.150', {}, '/tmp');
    const messages = side.messages(
      [user('Go.'), assistant, user('[Request interrupted by user for tool use]'), user('Still there?')],
      'default',
      '/c',
      facts,
    );
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(texts(messages[2]!.content)).toEqual([
      '[Request interrupted by user for tool use]\n',
      'Still there?',
    ]);
  });

  it('reads --system-prompt-file and --append-system-prompt-file from the cwd; initialize’s fields win', () => {
    const cwd = temp('clide-model-side-');
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
