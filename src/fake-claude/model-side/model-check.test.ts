import { describe, expect, it } from 'vitest';
import { type ModelCheckData, ModelChecks } from './model-check.js';

const data: ModelCheckData = {
  path: '/v1/messages?beta=true',
  body: {
    model: '{model}',
    max_tokens: 1,
    system: [
      { type: 'text', text: 'billing cc_version=9.9.{hex:3};' },
      { type: 'text', text: 'You are it.' },
    ],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  },
  exempt: ['default', 'sonnet', 'claude-opus-5-5'],
};
const metadata = { user_id: 'u' };

describe('set_model’s model check', () => {
  it('asks a model the version does not know, once per session, without [1m], the session’s metadata', () => {
    const checks = new ModelChecks(data);
    const first = checks.requestFor('claude-sonnet-4-5[1m]', metadata);
    expect(first?.path).toBe('/v1/messages?beta=true');
    expect(first?.body).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: 1, metadata });
    const system = (first?.body.system ?? []) as Array<{ text: string }>;
    expect(String(system[0]?.text)).toMatch(/^billing cc_version=9\.9\.[0-9a-f]{3};$/);
    expect(checks.requestFor('claude-sonnet-4-5', metadata)).toBeUndefined();
    expect(checks.requestFor('claude-haiku-4-5', metadata)?.body.model).toBe('claude-haiku-4-5');
  });

  it('makes none for the models the version knows (an alias, default, its default model, with [1m] too)', () => {
    const checks = new ModelChecks(data);
    for (const model of ['default', 'sonnet', 'sonnet[1m]', 'claude-opus-5-5', 'claude-opus-5-5[1m]'])
      expect(checks.requestFor(model, metadata)).toBeUndefined();
  });

  it('makes none on a version that checks no model', () => {
    expect(new ModelChecks(null).requestFor('claude-sonnet-4-5', metadata)).toBeUndefined();
    expect(new ModelChecks(undefined).requestFor('claude-sonnet-4-5', metadata)).toBeUndefined();
  });
});
