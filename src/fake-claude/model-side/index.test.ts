import { describe, expect, it } from 'vitest';
import {
  defersMcpTools,
  fillTemplate,
  ModelFallback,
  modelFallbackMessage,
  modelSideData,
  systemBlocks,
} from './index.js';

const v332 = modelSideData('2.1.332');
const v150 = modelSideData('2.1.150');
const texts = (blocks: Array<Record<string, unknown>>) => blocks.map((b) => b.text);

describe('the system blocks a version sends', () => {
  it('puts the billing header first, with fresh hex digits where the CLI hashes', () => {
    const [billing] = systemBlocks(v150, { defaultPrompt: 'own' });
    expect(billing).toEqual({
      type: 'text',
      text: expect.stringMatching(
        /^x-anthropic-billing-header: cc_version=2\.1\.150\.[0-9a-f]{3}; cc_entrypoint=sdk-cli; cch=[0-9a-f]{5};$/,
      ),
    });
    expect(billing).not.toHaveProperty('cache_control');
  });
  it('sends the given prompt after the plain identity line, each block cached', () => {
    const blocks = systemBlocks(v332, { systemPrompt: 'SP.', defaultPrompt: 'own' });
    expect(texts(blocks).slice(1)).toEqual([v332.system.identity, 'SP.']);
    expect(blocks[2]).toHaveProperty('cache_control', { type: 'ephemeral' });
  });
  it('leaves the prompt block out when the given prompt is empty', () => {
    expect(texts(systemBlocks(v332, { systemPrompt: '', defaultPrompt: 'own' })).slice(1)).toEqual([
      v332.system.identity,
    ]);
  });
  it('joins an appended text to the prompt (the own one when none is given) under the other identity line', () => {
    expect(texts(systemBlocks(v332, { appendSystemPrompt: 'AP.', defaultPrompt: 'own' })).slice(1)).toEqual([
      v332.system.identityWithAppend,
      'own\n\nAP.',
    ]);
    expect(
      texts(
        systemBlocks(v332, { systemPrompt: 'SP.', appendSystemPrompt: 'AP.', defaultPrompt: 'own' }),
      ).slice(1),
    ).toEqual([v332.system.identityWithAppend, 'SP.\n\nAP.']);
  });
});

describe('--fallback-model', () => {
  it('switches after the captured number of 529s in a row, for the rest of that turn', () => {
    const fallback = new ModelFallback(v332, 'claude-haiku-4-5');
    const turn = {};
    expect(v332.fallback.overloadedBeforeFallback).toBe(3);
    expect([fallback.onAnswer(529, turn), fallback.onAnswer(529, turn)]).toEqual([false, false]);
    expect(fallback.modelFor(turn)).toBeUndefined();
    expect(fallback.onAnswer(529, turn)).toBe(true);
    expect(fallback.modelFor(turn)).toBe('claude-haiku-4-5');
    expect(fallback.onAnswer(529, turn)).toBe(false);
    expect(fallback.modelFor({})).toBeUndefined();
    expect(fallback.modelFor(undefined)).toBeUndefined();
  });
  it('counts again after another answer and in a new turn, and never switches without a fallback model', () => {
    const fallback = new ModelFallback(v332, 'claude-haiku-4-5');
    const turn = {};
    fallback.onAnswer(529, turn);
    fallback.onAnswer(529, turn);
    fallback.onAnswer(500, turn);
    expect([fallback.onAnswer(529, turn), fallback.onAnswer(529, turn)]).toEqual([false, false]);
    const next = {};
    expect([fallback.onAnswer(529, next), fallback.onAnswer(529, next)]).toEqual([false, false]);
    expect(fallback.onAnswer(529, next)).toBe(true);
    const none = new ModelFallback(v332, undefined);
    expect([none.onAnswer(529, turn), none.onAnswer(529, turn), none.onAnswer(529, turn)]).toEqual([
      false,
      false,
      false,
    ]);
  });
  it('emits model_fallback where the version does, naming both models and their windows', () => {
    const facts = {
      originalModel: 'claude-opus-5-5',
      fallbackModel: 'claude-haiku-4-5',
      originalWindow: 1_000_000,
      fallbackWindow: 200_000,
      uuid: 'u-1',
      sessionId: 's-1',
    };
    expect(modelFallbackMessage(v332, facts)).toEqual({
      type: 'system',
      subtype: 'model_fallback',
      uuid: 'u-1',
      trigger: 'overloaded',
      original_model: 'claude-opus-5-5',
      fallback_model: 'claude-haiku-4-5',
      content: 'Switched to Haiku 4.5 due to high demand for Opus 5.5 · context window 1M → 200K tokens',
      session_id: 's-1',
    });
    expect(
      modelFallbackMessage(v332, { ...facts, fallbackModel: 'claude-sonnet-5-5', fallbackWindow: 1_000_000 })
        ?.content,
    ).toBe('Switched to Sonnet 5.5 due to high demand for Opus 5.5');
    expect(modelFallbackMessage(v150, facts)).toBeUndefined();
  });
});

describe('templates and deferral', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(fillTemplate('{a}-{b}', { a: 'x' })).toBe('x-{b}');
    expect(fillTemplate('{hex:4}')).toMatch(/^[0-9a-f]{4}$/);
  });
  it('defers MCP tools where ToolSearch is offered', () => {
    expect(defersMcpTools(['Bash', 'ToolSearch'])).toBe(true);
    expect(defersMcpTools(['Bash'])).toBe(false);
  });
  it('takes the data of the newest captured version at or before the one asked', () => {
    expect(modelSideData('2.1.200').version).toBe('2.1.150');
    expect(modelSideData('2.1.400').version).toBe('2.1.332');
    expect(modelSideData('2.0.1').version).toBe('2.1.150');
  });
});
