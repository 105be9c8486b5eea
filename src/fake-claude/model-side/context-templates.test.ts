import { describe, expect, it } from 'vitest';
import type { ContextTemplates } from './context-templates.js';
import { ModelSideSession } from './session.js';

type Block = { type: string; text: string; cache_control?: unknown };
const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const facts = {
  model: 'claude-opus-5-5',
  projectSkills: [],
  deferredMcpTools: [],
  builtinTools: ['CronCreate', 'EnterPlanMode', 'WebSearch'],
};
const templates: ContextTemplates = {
  userBlocks: ['<system-reminder>\nToday is {date}.\n</system-reminder>'],
  systemMessage: 'Deferred:\n{deferredTools}\n\nIn {cwd}, as {modelName}.',
  systemMessageFields: { output_config: { effort: 'low' } },
  deferredBuiltins: ['WebSearch', 'CronCreate'],
};

describe('a conversation laid out in other context templates', () => {
  it("a subagent's: its own blocks and system-role message, filled for the session, the session's own context untouched", () => {
    const side = new ModelSideSession('2.1.332', {}, '/work');
    const own = side.messages([user('Main prompt.')], 'default', '/c', facts);
    const sub = side.messages([user('Sub prompt.')], 'default', '/c', facts, templates);
    expect(sub.map((m) => m.role)).toEqual(['user', 'system']);
    expect((sub[0]!.content as Block[]).map((b) => b.text)).toEqual([
      expect.stringMatching(/^<system-reminder>\nToday is \d{4}-\d{2}-\d{2}\./),
      'Sub prompt.',
    ]);
    expect((sub[1]!.content as Block[])[0]!.text).toBe(
      'Deferred:\nWebSearch\nCronCreate\n\nIn /work, as Opus 5.5.',
    );
    expect(sub[1]!.output_config).toEqual({ effort: 'low' });
    expect(side.messages([user('Main prompt.')], 'default', '/c', facts)).toEqual(own);
  });

  it('after a compaction: the context is rebuilt from the templates at the next request, the compacted conversation after it', () => {
    const side = new ModelSideSession('2.1.150', {}, '/work');
    side.messages([user('Before.')], 'plan', '/c', facts);
    side.rebuildContext({ ...templates, systemMessage: null });
    const after = side.messages([user('Summary.'), user('Next.')], 'plan', '/c', facts);
    expect(after).toHaveLength(1);
    const blocks = (after[0]!.content as Block[]).map((b) => b.text);
    expect(blocks).toEqual([expect.stringMatching(/^<system-reminder>\nToday is /), 'Summary.\n', 'Next.']);
    expect(JSON.stringify(after)).not.toContain('Plan mode is active');
  });
});
