import { describe, expect, it } from 'vitest';
import { withoutSpent, withSessionStartSlot } from './hooks.js';
import { ModelSideSession } from './session.js';

type Block = { type: string; text: string };
const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const facts = { model: 'claude-opus-5-5', projectSkills: [], deferredMcpTools: [], builtinTools: [] };
const texts = (content: unknown) =>
  typeof content === 'string' ? [content] : (content as Block[]).map((b) => b.text);

describe('SessionStart command hooks in the first request', () => {
  it('2.1.150: a reminder block each, in order, before the skills list; other session-start notices stay after it', () => {
    const side = new ModelSideSession('2.1.150', { maxBudgetUsd: 2 }, '/tmp');
    side.sessionStartHooks('startup', [{ output: 'from the hook' }, { context: 'some context' }]);
    const [first] = side.messages([user('Say hi.')], 'default', '/c', facts);
    const blocks = texts(first!.content);
    expect(blocks.slice(0, 2)).toEqual([
      '<system-reminder>\nSessionStart:startup hook success: from the hook\n</system-reminder>',
      '<system-reminder>\nSessionStart hook additional context: some context\n</system-reminder>',
    ]);
    expect(blocks[2]).toMatch(/The following skills are available/);
    expect(blocks[3]).toMatch(/USD budget: \$0\/\$2; \$2 remaining/);
    expect(blocks.at(-1)).toBe('Say hi.');
  });

  it('2.1.332: the texts begin the system-role message, each followed by a blank line', () => {
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    side.sessionStartHooks('startup', [{ output: 'a $& b {cwd}' }]);
    const [, system] = side.messages([user('Say hi.')], 'default', '/c', facts);
    expect(texts(system!.content)[0]).toMatch(
      /^SessionStart:startup hook success: a \$& b \{cwd\}\n\n# Environment\n/,
    );
  });

  it('a resumed session’s hooks, and hooks reported after the first request, add nothing to the opening', () => {
    for (const late of [false, true]) {
      const side = new ModelSideSession('2.1.332', {}, '/tmp');
      const plain = JSON.stringify(
        new ModelSideSession('2.1.332', {}, '/tmp').messages([user('Hi.')], 'default', '/c', facts),
      );
      if (late) side.messages([user('Hi.')], 'default', '/c', facts);
      side.sessionStartHooks(late ? 'startup' : 'resume', [{ output: 'x' }]);
      expect(JSON.stringify(side.messages([user('Hi.')], 'default', '/c', facts))).toBe(plain);
    }
  });

  it('the slot goes at its offset of the template without {notices}', () => {
    expect(withSessionStartSlot('ab{notices}cd', 0, 2)).toBe('{sessionStart}ab{notices}cd');
    expect(withSessionStartSlot('ab{notices}cd', 3, 2)).toBe('ab{notices}c{sessionStart}d');
    expect(withSessionStartSlot('abcd', 3, undefined)).toBe('abc{sessionStart}d');
  });
});

describe('PostToolUse hooks’ contexts after a batch of tool results', () => {
  const results = () => [{ type: 'tool_result', tool_use_id: 't1', content: 'File created.' }];
  const contexts = [{ toolName: 'Write', context: 'The banana is ripe.' }];

  it('2.1.150: a reminder block after the tool results; the budget stays on the last tool result', () => {
    const side = new ModelSideSession('2.1.150', { maxBudgetUsd: 2 }, '/tmp');
    const content: Array<Record<string, unknown>> = results();
    expect(side.afterTools(content, 0.5, contexts)).toBeUndefined();
    expect(content[0]!.content).toMatch(/^File created\.\n\n<system-reminder>\nUSD budget: \$0\.5\/\$2/);
    expect(content[1]).toEqual({
      type: 'text',
      text: '<system-reminder>\nPostToolUse:Write hook additional context: The banana is ripe.\n</system-reminder>',
    });
  });

  it('2.1.332: one system-role message after them, the hooks’ texts then the budget, a blank line between', () => {
    const side = new ModelSideSession('2.1.332', { maxBudgetUsd: 2 }, '/tmp');
    const content: Array<Record<string, unknown>> = results();
    expect(side.afterTools(content, 0.5, [...contexts, { toolName: 'Edit', context: 'x' }])).toEqual({
      role: 'system',
      content:
        'PostToolUse:Write hook additional context: The banana is ripe.\n\nPostToolUse:Edit hook additional context: x\n\nUSD budget: $0.5/$2; $1.5 remaining',
    });
    expect(content).toEqual(results());
    expect(new ModelSideSession('2.1.332', {}, '/tmp').afterTools(results(), 0, [])).toBeUndefined();
  });
});

describe('a Stop hook’s block', () => {
  it('2.1.150: the reason as “Stop hook feedback”, a user message whose content is a string; nothing else', () => {
    const side = new ModelSideSession('2.1.150', {}, '/tmp');
    expect(side.stopBlocked('Say it twice.', { kind: 'callback' })).toEqual([
      { role: 'user', content: 'Stop hook feedback:\nSay it twice.' },
    ]);
  });

  it('2.1.332: the feedback framed as a hook’s output, then a system-role message naming the hook callback or the command', () => {
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    const [feedback, callback] = side.stopBlocked('Say it twice.', { kind: 'callback' });
    expect(feedback!.content).toMatch(
      /^<system-reminder>\nThe text below is the output of a hook [\s\S]*\nStop hook feedback:\nSay it twice\.\n<\/system-reminder>$/,
    );
    expect(callback).toEqual({
      role: 'system',
      content: 'Stop:Callback hook blocking error from command: "callback": Say it twice.',
    });
    expect(side.stopBlocked('No.', { kind: 'command', command: 'echo "$x"' })[1]).toEqual({
      role: 'system',
      content: 'Stop hook blocking error from command: "echo "$x"": No.',
    });
  });
});

describe('a first prompt blocked by a UserPromptSubmit hook', () => {
  it('2.1.150: spends the skills list; the next prompt’s context lacks it, its notices in their places', () => {
    const side = new ModelSideSession('2.1.150', { maxBudgetUsd: 2 }, '/tmp');
    side.sessionStartHooks('startup', [{ output: 'hello' }]);
    side.promptBlocked();
    const blocks = texts(side.messages([user('Say hi.')], 'default', '/c', facts)[0]!.content);
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toMatch(/SessionStart:startup hook success: hello/);
    expect(blocks[1]).toMatch(/USD budget/);
    expect(blocks[2]).toMatch(/# currentDate/);
    expect(blocks.join('')).not.toContain('The following skills are available');
  });

  it('2.1.332: spends nothing; a prompt blocked after the first request spends nothing either', () => {
    const plain = JSON.stringify(
      new ModelSideSession('2.1.332', {}, '/tmp').messages([user('Hi.')], 'default', '/c', facts),
    );
    const side = new ModelSideSession('2.1.332', {}, '/tmp');
    side.promptBlocked();
    expect(JSON.stringify(side.messages([user('Hi.')], 'default', '/c', facts))).toBe(plain);
    const late = new ModelSideSession('2.1.150', {}, '/tmp');
    const first = JSON.stringify(late.messages([user('Hi.')], 'default', '/c', facts));
    late.promptBlocked();
    expect(JSON.stringify(late.messages([user('Hi.')], 'default', '/c', facts))).toBe(first);
  });

  it('without the spent blocks, the notices’ and SessionStart texts’ places move with them', () => {
    const context = {
      userBlocks: ['a', 'b', 'c'],
      userBlocksWithNotice: ['a', 'b', 'c'],
      notice: { placement: 'user-block' as const, at: 2, template: '{text}' },
    };
    const out = withoutSpent(context, { placement: 'user-block', at: 1, texts: ['s'] }, [0]);
    expect(out.context.userBlocks).toEqual(['b', 'c']);
    expect(out.context.notice.at).toBe(1);
    expect(out.sessionStart?.at).toBe(0);
  });
});
