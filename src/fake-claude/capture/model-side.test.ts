import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { billingTemplate, defaultPromptTemplate, fallbackTemplate, planReminder } from './model-side.js';

describe('model-side capture', () => {
  it('turns the billing header hashes into {hex:N}', () => {
    expect(
      billingTemplate(
        'x-anthropic-billing-header: cc_version=2.1.150.442; cc_entrypoint=sdk-cli; cch=cfb3f;',
        '2.1.150',
      ),
    ).toBe('x-anthropic-billing-header: cc_version=2.1.150.{hex:3}; cc_entrypoint=sdk-cli; cch={hex:5};');
  });
  it('turns a model_fallback message into a template, keeping its key order', () => {
    const message = {
      type: 'system',
      subtype: 'model_fallback',
      uuid: 'u-1',
      trigger: 'overloaded',
      original_model: 'claude-opus-5-5',
      fallback_model: 'claude-haiku-4-5',
      content: 'Switched to Haiku 4.5 due to high demand for Opus 5.5 · context window 1M → 200K tokens',
      session_id: 's-1',
    };
    const template = fallbackTemplate(message, 'claude-opus-5-5', 'claude-haiku-4-5');
    expect(Object.keys(template)).toEqual(Object.keys(message));
    expect(template).toMatchObject({
      uuid: '{uuid}',
      session_id: '{sessionId}',
      original_model: '{originalModel}',
      fallback_model: '{fallbackModel}',
      content:
        'Switched to {fallbackName} due to high demand for {originalName} · context window {originalWindow} → {fallbackWindow} tokens',
    });
  });
  it('refuses a message that does not name the models as expected', () => {
    expect(() =>
      fallbackTemplate({ content: 'Switched to something else' }, 'claude-opus-5-5', 'claude-haiku-4-5'),
    ).toThrow(/does not name/);
  });
  it('finds the plan-mode reminder: a block of its own, or what a system-role message has more', () => {
    const block =
      '<system-reminder>\nPlan mode is active. Plan at {root}/home/.claude/plans/say-hi-x-y.md now.\n</system-reminder>\n';
    expect(planReminder([{ message: 0, role: 'user', block: 1, text: block }], [])).toEqual({
      placement: 'user-block',
      template: '<system-reminder>\nPlan mode is active. Plan at {planFilePath} now.\n</system-reminder>\n',
    });
    const plain = { message: 1, role: 'system', block: 0, text: 'Env {root}/work\n\nToday is 1.' };
    const plan = {
      ...plain,
      text: 'Env {root}/work\n\nPlan mode is active. At {root}/home/.claude/plans/a-b.md.\n\nToday is 1.',
    };
    expect(planReminder([plan], [plain])).toEqual({
      placement: 'system-message',
      template: 'Plan mode is active. At {planFilePath}.',
    });
    expect(() => planReminder([plain], [plain])).toThrow(/no plan-mode reminder/);
  });
});

const root = '/tmp/sbx';

describe('defaultPromptTemplate (a captured prompt as a template of the session it ran in)', () => {
  it('templates the main prompt’s environment list', () => {
    const text = ` - Primary working directory: ${root}/work\n - Is a git repository: false\n - Platform: linux\n - OS Version: Linux 6.1.0-9-amd64\n`;
    expect(defaultPromptTemplate(text, root)).toBe(
      ' - Primary working directory: {cwd}\n - Is a git repository: {isGitRepo}\n - Platform: {platform}\n - OS Version: {osVersion}\n',
    );
  });

  it('templates a subagent’s <env> block, whose lines have no dash (2.1.150)', () => {
    const text = `<env>\nWorking directory: ${root}/work\nIs directory a git repo: No\nPlatform: linux\nShell: unknown\nOS Version: Linux 6.18.44-fc-v1147\n</env>`;
    expect(defaultPromptTemplate(text, root)).toBe(
      '<env>\nWorking directory: {cwd}\nIs directory a git repo: No\nPlatform: {platform}\nShell: unknown\nOS Version: {osVersion}\n</env>',
    );
  });
});

describe('the fake’s captured data', () => {
  it('names no machine’s platform or kernel release: each is a template the session fills', () => {
    const dataDirs = ['src/fake-claude/model-side/data', 'src/fake-claude/scripted/message-kinds/data'];
    const literal: string[] = [];
    for (const dir of dataDirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        for (const m of text.matchAll(/(?:OS Version|Platform): (?!\{)[^\\"]+/g))
          literal.push(`${dir}/${file}: ${m[0]}`);
      }
    }
    expect(literal).toEqual([]);
  });
});
