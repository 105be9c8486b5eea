import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../model-api/index.js';
import type { ContextCountSet } from '../model-side/context-counts.js';
import type { ModelSideData } from '../model-side/types.js';
import { countsVariant, variantOf } from './model-side-variants.js';

const base: ContextCountSet = {
  requests: [
    { text: 'foo', tools: [] },
    { text: 'Work in {cwd}.', tools: [] },
    { text: 'foo', tools: ['Agent'] },
  ],
  tools: { Agent: { name: 'Agent', description: 'Agent.' } },
};

describe("another model's counts", () => {
  it('are kept where it counts the tools otherwise: every request, the definitions that differ', () => {
    // Its own prompt's sections alone: counted as the default model.
    const sections = { ...base, requests: [...base.requests, { text: 'Haiku.', tools: [] }] };
    expect(countsVariant(sections, base)).toBeUndefined();
    const own: ContextCountSet = {
      requests: [...sections.requests, { text: 'foo', tools: ['Todo'] }],
      tools: { ...base.tools, Todo: { name: 'Todo', description: 'Todo.' } },
    };
    expect(countsVariant(own, base)).toEqual({
      requests: own.requests,
      tools: { Todo: { name: 'Todo', description: 'Todo.' } },
    });
    const longer = { ...base, tools: { Agent: { name: 'Agent', description: 'A longer agent.' } } };
    expect(countsVariant(longer, base)?.tools).toEqual(longer.tools);
  });
});

describe('a variant whose first request has no system-role message', () => {
  it('says so, and lists the deferred tools its user blocks name', () => {
    const deferred = [
      '<system-reminder>',
      'The following deferred tools are now available via ToolSearch. Their schemas are NOT loaded — calling them directly will fail with InputValidationError. Use ToolSearch with query "select:<name>[,<name>...]" to load tool schemas before calling them:',
      'Cron',
      'Todo',
      '</system-reminder>',
    ].join('\n');
    const request = {
      body: {
        model: 'm-2',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: deferred },
              { type: 'text', text: 'Hi.' },
            ],
          },
        ],
      },
    } as unknown as RecordedRequest;
    const baseRequest = {
      body: {
        model: 'm-1',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi.' }] },
          { role: 'system', content: 'Context.' },
        ],
      },
    } as unknown as RecordedRequest;
    const variant = variantOf(
      {
        when: { auth: 'api-key', model: 'm-2' },
        request,
        prompt: 'Hi.',
        defaultPrompt: 'Prompt.',
        facts: { root: '/r', model: 'm-2', date: '2026-01-01', osVersion: 'Linux' },
      },
      {
        defaultPrompt: 'Prompt.',
        context: {
          userBlocks: [],
          systemMessage: 'Context.',
          deferredBuiltins: ['Cron'],
        } as unknown as ModelSideData['context'],
      },
      baseRequest,
    );
    expect(variant.systemMessage).toBeNull();
    expect(variant.deferredBuiltins).toEqual(['Cron', 'Todo']);
  });
});
