import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { noModel } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { isRecord } from '../../util/json.js';
import type { ModelCheckData } from '../model-side/model-check.js';

/**
 * `set_model`'s check of the new model (`ModelCheckData`), from offline sessions of a claude
 * binary that each set one model (every model value the version lists, `default`, its default
 * model, what its aliases name, and `unlisted`, a model it does not list), then one more that sets
 * `unlisted` twice: the one-token side requests each makes, as a template, and the values that make
 * none. A version that checks no model has none (null).
 */

type Json = Record<string, unknown>;

/** How long a session waits after set_model for the check to arrive. */
const SETTLE_MS = 1_500;

async function setModels(binary: string, id: string, models: string[]): Promise<RecordedRequest[]> {
  const scenario: Scenario = {
    id: `capture/model-side-model-check-${id}`,
    requirement: id,
    spec: 'capture',
    tier: 'offline',
    model: noModel,
    deadlineMs: 30_000,
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      for (const model of models) {
        const reply = await ctx.session.request({ subtype: 'set_model', model });
        if (reply.subtype !== 'success')
          throw new ClideError('io', `claude refused set_model ${model}`, { hint: JSON.stringify(reply) });
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    },
  };
  for (let attempt = 0; ; attempt++) {
    const run = await runScenario(scenario, { binary });
    if (run.passed) return run.modelRequests.filter((r) => r.kind === 'side' && isRecord(r.body));
    if (attempt === 1)
      throw new ClideError('io', `capturing ${scenario.id} from ${binary} failed`, {
        where: binary,
        hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
      });
  }
}

/** A check's body as a template: its model `{model}`, its billing header's hashes `{hex:N}`, no metadata. */
export function checkTemplate(body: Json, model: string, billing: (text: string) => string): Json {
  if (body.model !== model)
    throw new ClideError('io', `set_model ${model}'s check asks ${String(body.model)}`, {
      hint: JSON.stringify(body).slice(0, 1000),
    });
  const system = Array.isArray(body.system) ? (body.system as Json[]) : [];
  const { metadata: _, ...rest } = body;
  return {
    ...rest,
    model: '{model}',
    system: system.map((block, i) =>
      i === 0 && typeof block.text === 'string' ? { ...block, text: billing(block.text) } : block,
    ),
  };
}

export interface ModelCheckCaptureInput {
  binary: string;
  /** The set_model values to try (the version's listed models, `default`, its default model, …). */
  candidates: string[];
  /** A model the version does not list (a check is expected for it, if the version checks any). */
  unlisted: string;
  /** The billing header's text as a template (`billingTemplate`). */
  billing: (text: string) => string;
}

export async function captureModelCheck(input: ModelCheckCaptureInput): Promise<ModelCheckData | null> {
  const exempt: string[] = [];
  let check: { path: string; body: Json } | undefined;
  const candidates = [...new Set([...input.candidates, input.unlisted])];
  for (const model of candidates) {
    const requests = await setModels(input.binary, model.replace(/\W+/g, '-'), [model]);
    if (requests.length === 0) {
      exempt.push(model);
      continue;
    }
    if (requests.length > 1)
      throw new ClideError('io', `set_model ${model} made ${requests.length} side requests`);
    const found = {
      path: requests[0]!.path,
      body: checkTemplate(requests[0]!.body as Json, model, input.billing),
    };
    if (check && JSON.stringify(check) !== JSON.stringify(found))
      throw new ClideError('io', 'set_model checks two models with different requests', {
        hint: JSON.stringify([check, found]).slice(0, 2000),
      });
    check = found;
  }
  if (!check) return null;
  if (exempt.includes(input.unlisted))
    throw new ClideError(
      'io',
      `set_model checks some models but not ${input.unlisted}, which the version does not list`,
    );
  const twice = await setModels(input.binary, 'twice', [input.unlisted, input.unlisted]);
  if (twice.length !== 1)
    throw new ClideError('io', `set_model ${input.unlisted} twice made ${twice.length} checks, not one`);
  return { ...check, exempt };
}
