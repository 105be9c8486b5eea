import type { ModelScript } from '../model-api/index.js';

/** Small builders for model scripts, so scenarios read as what the model says. */
type Block = Record<string, unknown>;

export function script(...turns: Array<Block[] | Record<string, unknown>>): ModelScript {
  return {
    version: 1,
    turns: turns.map((t) => (Array.isArray(t) ? { blocks: t } : t)),
  } as ModelScript;
}

export const noModel: ModelScript = script();

export function text(value: string): Block {
  return { type: 'text', text: value };
}

export function toolUse(id: string, name: string, input: Record<string, unknown>): Block {
  return { type: 'tool_use', id, name, input };
}

export function thinking(value: string): Block {
  return { type: 'thinking', thinking: value, signature: 'c2lnbmF0dXJl' };
}
