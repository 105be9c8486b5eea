import { describe, expect, it } from 'vitest';
import { checkTemplate } from './model-side-model-check.js';

describe('the model check’s capture', () => {
  const body = {
    model: 'claude-sonnet-4-5',
    max_tokens: 1,
    system: [
      { type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.332.18b;' },
      { type: 'text', text: 'You are Claude Code.' },
    ],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    metadata: { user_id: 'the session' },
  };
  const billing = (text: string) => text.replace(/\.18b;/, '.{hex:3};');

  it('keeps the request but its metadata, the model as {model}, the billing header as a template', () => {
    expect(checkTemplate(body, 'claude-sonnet-4-5', billing)).toEqual({
      model: '{model}',
      max_tokens: 1,
      system: [
        { type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.332.{hex:3};' },
        { type: 'text', text: 'You are Claude Code.' },
      ],
      messages: body.messages,
    });
  });

  it('refuses a check that asks another model than the one set', () => {
    expect(() => checkTemplate(body, 'sonnet', billing)).toThrow(/asks claude-sonnet-4-5/);
  });
});
