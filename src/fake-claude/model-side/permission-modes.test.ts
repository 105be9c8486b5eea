import { describe, expect, it } from 'vitest';
import { PermissionModeSide, type PermissionModesData } from './permission-modes.js';
import { ModelSideSession } from './session.js';

const bash = (description: string) => ({ name: 'Bash', description, input_schema: {} });

const data = (placement: 'user-blocks' | 'system-message'): PermissionModesData => ({
  modes: ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'plan'],
  byMode: {
    auto: {
      notice: 'Auto is on.',
      tools: { Bash: bash('auto bash') },
      toolsSetBeforeFirstPrompt: { Bash: bash('auto bash, set early') },
      params: { safeguards: { mode: 'auto', cwd: '{cwd}', home: '{home}', user: '{configDir}' } },
    },
    bypassPermissions: { notice: 'Bypass is on.', tools: { Bash: bash('bypass bash') } },
    plan: { params: { safeguards: { mode: 'plan' } } },
  },
  changes: {
    placement,
    reminders: {
      'default>plan': ['Plan at {planFilePath}.'],
      'plan>auto': ['Plan over.', 'Auto is on.\n'],
    },
    params: { 'bypassPermissions>plan': {} },
  },
});

const facts = { cwd: '/w', home: '/h', configDir: '/h/.claude' };

describe('a session’s permission modes on the model side', () => {
  it('the start notice and the tools are those of the first request’s mode; set before it, the early tools', () => {
    const started = new PermissionModeSide(data('user-blocks'), 'auto');
    expect(started.tools()).toEqual({ Bash: bash('auto bash') });
    expect(started.opened('auto')).toBe('Auto is on.');
    expect(started.tools()).toEqual({ Bash: bash('auto bash') });

    const early = new PermissionModeSide(data('user-blocks'), 'default');
    expect(early.opened('auto')).toBe('Auto is on.');
    expect(early.tools()).toEqual({ Bash: bash('auto bash, set early') });
    // bypassPermissions set early: no early tools captured, so the default's.
    const bypass = new PermissionModeSide(data('user-blocks'), 'default');
    bypass.opened('bypassPermissions');
    expect(bypass.tools()).toBeUndefined();
  });

  it('a change later does not redescribe the tools', () => {
    const side = new PermissionModeSide(data('user-blocks'), 'default');
    side.opened('default');
    side.prompted('default', '/p.md');
    side.prompted('auto', '/p.md');
    expect(side.tools()).toBeUndefined();
  });

  it('the parameters follow the current mode, filled for the session; after a change with its own, those', () => {
    const side = new PermissionModeSide(data('system-message'), 'bypassPermissions');
    expect(side.params('default', facts)).toEqual({});
    expect(side.params('auto', facts)).toEqual({
      safeguards: { mode: 'auto', cwd: '/w', home: '/h', user: '/h/.claude' },
    });
    side.prompted('bypassPermissions', '/p.md');
    side.prompted('plan', '/p.md');
    expect(side.params('plan', facts)).toEqual({});
    // A session that came to plan mode otherwise: the mode's own.
    const other = new PermissionModeSide(data('system-message'), 'default');
    other.prompted('default', '/p.md');
    other.prompted('plan', '/p.md');
    expect(other.params('plan', facts)).toEqual({ safeguards: { mode: 'plan' } });
  });

  it('the prompt after a change carries its reminder: blocks before it, or one system-role message', () => {
    const blocks = new PermissionModeSide(data('user-blocks'), 'default');
    expect(blocks.prompted('default', '/c/plans/a.md')).toBeUndefined();
    expect(blocks.prompted('default', '/c/plans/b.md')).toBeUndefined();
    expect(blocks.prompted('plan', '/c/plans/c.md')).toEqual({
      blocks: [{ type: 'text', text: 'Plan at /c/plans/c.md.' }],
    });
    expect(blocks.prompted('auto', '/c/plans/d.md')).toEqual({
      blocks: [
        { type: 'text', text: 'Plan over.' },
        { type: 'text', text: 'Auto is on.\n' },
      ],
    });
    // A change that carries nothing.
    expect(blocks.prompted('acceptEdits', '/c/plans/e.md')).toBeUndefined();

    const system = new PermissionModeSide(data('system-message'), 'plan');
    system.prompted('plan', '/p.md');
    expect(system.prompted('auto', '/p.md')).toEqual({
      blocks: [],
      system: { role: 'system', content: 'Plan over.Auto is on.\n' },
    });
  });

  it('without data (a version not captured), nothing changes', () => {
    const side = new PermissionModeSide(undefined, 'plan');
    expect(side.opened('plan')).toBeUndefined();
    expect(side.tools()).toBeUndefined();
    expect(side.params('plan', facts)).toEqual({});
    side.prompted('plan', '/p.md');
    expect(side.prompted('default', '/p.md')).toBeUndefined();
  });
});

describe('the captured permission modes in a session', () => {
  const sessionFacts = {
    model: 'claude-opus-5-5',
    projectSkills: [],
    deferredMcpTools: [],
    builtinTools: [],
  };
  const user = (text: string) => ({ role: 'user', content: text });

  it('2.1.332 in bypassPermissions: its notice in the system-role message, Bash described for it, no classifier context', () => {
    const plain = new ModelSideSession('2.1.332', {}, '/w');
    const side = new ModelSideSession('2.1.332', { permissionMode: 'bypassPermissions' }, '/w');
    const system = (s: ModelSideSession, mode: string) =>
      JSON.stringify(s.messages([user('Hi.')], mode, '/h/.claude', sessionFacts)[1]?.content);
    expect(system(side, 'bypassPermissions')).toContain('While bypass permissions mode is active:');
    expect(system(plain, 'default')).not.toContain('While bypass permissions mode is active:');
    const tools = [bash('the default bash')];
    expect(side.tools('claude-opus-5-5', tools)[0]?.description).not.toBe('the default bash');
    expect(plain.tools('claude-opus-5-5', tools)[0]?.description).toBe('the default bash');
    expect(side.modeParams('bypassPermissions', facts)).toEqual({});
  });

  it('2.1.332 in plan mode: the classifier context with the session’s folders; none in default mode', () => {
    const side = new ModelSideSession('2.1.332', { permissionMode: 'plan' }, '/w');
    const params = side.modeParams('plan', facts);
    const context = (params.safeguards as Array<{ classifier_context: Record<string, unknown> }>)[0]
      ?.classifier_context;
    expect(context).toMatchObject({ permission_mode: 'plan', live_cwd: '/w', home_dir: '/h' });
    expect(side.modeParams('default', facts)).toEqual({});
  });

  it('2.1.150 after a change to plan mode: the plan reminder is a block before the next prompt', () => {
    const side = new ModelSideSession('2.1.150', {}, '/w');
    side.messages([user('Hi.')], 'default', '/h/.claude', sessionFacts);
    expect(side.modeChange('default', '/h/.claude', 'Hi.')).toBeUndefined();
    const change = side.modeChange('plan', '/h/.claude', 'Make a plan.');
    expect(change?.system).toBeUndefined();
    expect(change?.blocks).toHaveLength(1);
    expect(String(change?.blocks[0]?.text)).toMatch(/^<system-reminder>\nPlan mode is active/);
    expect(String(change?.blocks[0]?.text)).toContain('/h/.claude/plans/make-a-plan-scripted-plan.md');
  });
});
