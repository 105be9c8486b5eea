import { fillTemplate } from './index.js';

/**
 * `set_model`'s check of the new model, as a version's CLI makes it (captured from the binary:
 * capture/model-side-model-check.ts): a one-token request of the model, once per model in a
 * session, for every model but those the version knows (its aliases, `default`, its default model).
 */

type Json = Record<string, unknown>;

export interface ModelCheckData {
  /** The request's path (`/v1/messages?beta=true`). */
  path: string;
  /**
   * The request's body but its `metadata` (the session's): `{model}` the model checked (without
   * `[1m]`), the billing header a template as `system.billing`.
   */
  body: Json;
  /** The `set_model` values (without `[1m]`) that make no check. */
  exempt: string[];
}

function fill(value: unknown, model: string): unknown {
  if (typeof value === 'string') return value === '{model}' ? model : fillTemplate(value);
  if (Array.isArray(value)) return value.map((v) => fill(v, model));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, model)]));
  return value;
}

/** One session's model checks: which models it checked already. */
export class ModelChecks {
  private readonly checked = new Set<string>();

  constructor(private readonly data: ModelCheckData | null | undefined) {}

  /**
   * The check `set_model` with `model` makes (path and body, `metadata` the session's), or
   * undefined: the version makes none, the model is one it knows, or this session checked it.
   */
  requestFor(model: string, metadata: Json): { path: string; body: Json } | undefined {
    if (!this.data) return undefined;
    const id = model.replace(/\[1m\]$/i, '');
    if (this.data.exempt.includes(id) || this.checked.has(id)) return undefined;
    this.checked.add(id);
    return { path: this.data.path, body: { ...(fill(this.data.body, id) as Json), metadata } };
  }
}
