import { displayModelName } from '../model-side/model-names.js';
import { PromptSnapshots, snapshotTemplates } from './prompt-snapshots.js';

/**
 * The attachments a version that keeps prompt snapshots (2.1.332) keeps in its conversation, event
 * by event, as get_context_usage's breakdown counts them (read from the binary, checked against its
 * transcripts). From the captured plain session's (usage/data/<version>.json, filled in):
 * - the prompt snapshots (prompt-snapshots.ts);
 * - `remote_session_change`, the commit and PR attribution, kept at a prompt when it differs from
 *   the last one kept — the first from none, as with the attribution off: with the co-author line
 *   off (`includeCoAuthoredBy: false`) its commit and PR texts are empty, so a session that turns
 *   it off before its first prompt keeps none, one that turns it off later a second one then; on,
 *   its co-author line names the prompt's model, so a prompt on another model keeps another;
 * - `model`, the model notice, kept at a prompt on another model than the last one kept: the
 *   model's id, its name as the CLI shows it and its knowledge cutoff as its opening context
 *   states it (the captured notice's sentence found there);
 * - `deferred_tools_delta`, kept at a prompt whose model lists other deferred tools than the last
 *   delta left: those added (names and lines alike) and those removed;
 * - with the captured output style in force (a session's with it: `outputStyle`), its
 *   instructions, kept at a prompt when they are not the last kept, and its reminder at each prompt
 *   and after each tool result (in the first prompt's opening where the style session kept them:
 *   after the kind each followed there);
 * - on a model whose own session was captured (`modelAttachments`), the kinds it keeps otherwise:
 *   one the plain session has (its agent listing) in its place at the first prompt, one it has not
 *   (`total_tokens_reminder`) at each prompt and after each tool result on that model;
 * - the others as captured, at the first prompt.
 */

type Json = Record<string, unknown>;

export type Attachment = { type: string; json: string };

/** What a prompt is sent with, as the attachments kept then read it. */
export interface PromptFacts {
  /** Whether the co-author line is on. */
  coAuthored: boolean;
  /** The model's API id and its opening context's texts (templates: `{modelName}`, `{modelId}`). */
  model?: { id: string; contextTexts: readonly string[] };
  /** The deferred tools the model lists. */
  deferred?: readonly string[];
  /** The output style in force, where one was set. */
  outputStyle?: string;
}

/** An attachment with the kind it followed in the first prompt's opening (null: first). */
export type PlacedAttachment = Attachment & { after?: string | null };

/** The attachments of a session with the output style `name` (captured; filled in). */
export interface StyleAttachments {
  name: string;
  attachments: readonly PlacedAttachment[];
}

/** The kinds made here whatever the model (a model's captured ones of these are not kept). */
const MADE = new Set(['model', 'deferred_tools_delta', 'prompt_snapshot', 'remote_session_change']);

/**
 * The model notice for `id` from the captured one (`captured`): its sentence up to the knowledge
 * cutoff, found in the model's context, gives that model's cutoff; undefined where it is not there.
 */
export function modelNotice(
  captured: string,
  id: string,
  contextTexts: readonly string[],
): string | undefined {
  const notice = JSON.parse(captured) as Json;
  const identity = (notice.identity ?? {}) as Json;
  const text = String(notice.text);
  const cutoff = String(identity.knowledgeCutoff);
  const at = text.indexOf(cutoff);
  if (at < 0) return undefined;
  const lead = text
    .slice(0, at)
    .split(String(identity.modelId))
    .join('{modelId}')
    .split(String(identity.marketingName))
    .join('{modelName}');
  const end = text.slice(at + cutoff.length);
  for (const context of contextTexts) {
    const from = context.indexOf(lead);
    const to = from < 0 ? -1 : context.indexOf(end, from + lead.length);
    if (to < 0) continue;
    const knowledgeCutoff = context.slice(from + lead.length, to);
    const marketingName = displayModelName(id);
    return JSON.stringify({
      ...notice,
      identity: { ...identity, modelId: id, marketingName, knowledgeCutoff },
      text: `${lead.split('{modelId}').join(id).split('{modelName}').join(marketingName)}${knowledgeCutoff}${end}`,
    });
  }
  return undefined;
}

/** The attribution with the co-author line off: the captured one with its commit and PR texts empty. */
function withoutAttribution(captured: string): string {
  const change = JSON.parse(captured) as Json;
  return JSON.stringify({ ...change, commit: '', pr: '' });
}

/**
 * The attribution with the co-author line on, on `model`: the captured one, its commit naming the
 * model as the CLI shows it where the captured one names the captured model notice's.
 */
function attributionOn(captured: string, notice: string | undefined, model: string | undefined): string {
  if (model === undefined || notice === undefined) return captured;
  const change = JSON.parse(captured) as Json;
  const name = String(((JSON.parse(notice) as Json).identity as Json | undefined)?.marketingName);
  const commit = String(change.commit).split(name).join(displayModelName(model));
  return JSON.stringify({ ...change, commit });
}

export class KeptAttachments {
  private readonly snapshots: PromptSnapshots | undefined;
  /** What the session keeps, in the order it keeps it (the breakdown lists equal counts so). */
  private readonly kept: Attachment[] = [];
  private prompted = false;
  private snapshotsKept = 0;
  private lastAttribution: string | undefined;
  private lastModel: string | undefined;
  private lastDeferred: readonly string[] = [];
  private lastInstructions: string | undefined;

  /**
   * `captured`: the version's captured attachments, filled in for the session; `style`: those of
   * a session with an output style, where captured.
   */
  constructor(
    private readonly captured: readonly Attachment[],
    private readonly style?: StyleAttachments,
    /** By model: the kinds a session started on it keeps otherwise (captured; filled in). */
    private readonly models: Readonly<Record<string, readonly PlacedAttachment[]>> = {},
  ) {
    const templates = snapshotTemplates(captured);
    const own = templates?.before.systemPrompt;
    this.snapshots = templates && new PromptSnapshots(templates, Array.isArray(own) ? own.map(String) : []);
    const change = this.capturedOf('remote_session_change');
    this.lastAttribution = change && withoutAttribution(change.json);
  }

  private capturedOf(type: string): Attachment | undefined {
    return this.captured.find((a) => a.type === type);
  }

  /**
   * A prompt sent (`facts`): the first keeps the captured opening in its order, each kind made
   * for the session where this makes it; a later one the notices that changed.
   */
  onPrompt(facts: PromptFacts): void {
    const made = new Map<string, Attachment | undefined>([
      ['model', facts.model && this.modelAt(facts.model.id, facts.model.contextTexts)],
      ['deferred_tools_delta', facts.deferred && this.deferredAt(facts.deferred)],
      ['remote_session_change', this.attributionAt(facts.coAuthored, facts.model?.id)],
    ]);
    const own = this.ownKinds(facts.model?.id);
    for (const a of own.reminders) made.set(a.type, a);
    for (const a of this.styleAt(facts.outputStyle, true)) made.set(a.type, a);
    if (!this.prompted) {
      this.prompted = true;
      // A kind not made for want of the facts (no model given, …) stays as captured.
      const unknown = new Set([
        ...(facts.model ? [] : ['model']),
        ...(facts.deferred ? [] : ['deferred_tools_delta']),
      ]);
      const styled = [...own.reminders, ...(this.style?.attachments ?? [])];
      const keep = (a: Attachment | undefined) => {
        if (!a) return;
        this.kept.push({ type: a.type, json: a.json });
        for (const s of styled) if (s.after === a.type) keep(made.get(s.type));
      };
      for (const s of styled) if (s.after === null) keep(made.get(s.type));
      for (const a of this.captured) {
        if (a.type === 'prompt_snapshot' && this.snapshots) continue;
        keep(made.has(a.type) && !unknown.has(a.type) ? made.get(a.type) : (own.replacing.get(a.type) ?? a));
      }
      return;
    }
    for (const a of made.values()) if (a) this.kept.push({ type: a.type, json: a.json });
  }

  /** Tool results sent back, on `model` (API id), with the output style in force (`outputStyle`). */
  onToolResults(outputStyle: string | undefined, model?: string): void {
    for (const a of [...this.ownKinds(model).reminders, ...this.styleAt(outputStyle, false)])
      this.kept.push({ type: a.type, json: a.json });
  }

  /**
   * The kinds a session on `model` keeps otherwise: those replacing the plain session's at its
   * first prompt, and its own reminders (kinds the plain session has not: at each prompt and
   * after each tool result).
   */
  private ownKinds(model: string | undefined): {
    replacing: Map<string, Attachment>;
    reminders: PlacedAttachment[];
  } {
    const placed = (model === undefined ? undefined : this.models[model]) ?? [];
    const plain = new Set(this.captured.map((a) => a.type));
    const replacing = new Map<string, Attachment>();
    const reminders: PlacedAttachment[] = [];
    for (const a of placed) {
      if (MADE.has(a.type)) continue;
      if (plain.has(a.type)) replacing.set(a.type, { type: a.type, json: a.json });
      else reminders.push(a);
    }
    return { replacing, reminders };
  }

  /** The output style's attachments kept now: its instructions (at a prompt, once) and its reminder. */
  private styleAt(outputStyle: string | undefined, prompt: boolean): Attachment[] {
    if (!this.style || outputStyle !== this.style.name) return [];
    const out: Attachment[] = [];
    for (const a of this.style.attachments) {
      if (a.type === 'output_style_instructions') {
        if (!prompt || this.lastInstructions === outputStyle) continue;
        this.lastInstructions = outputStyle;
      }
      out.push({ type: a.type, json: a.json });
    }
    return out;
  }

  /** A conversation request (its body; `clientPrompt`: the client's system prompt, if any). */
  onRequest(body: Json, clientPrompt: string | undefined): void {
    this.snapshots?.onRequest(body, clientPrompt);
    this.keepSnapshots();
  }

  /** A response on a model whose requests do (`wireShape`) or do not carry the wire shape. */
  onResponse(wireShape: boolean): void {
    this.snapshots?.onResponse(wireShape);
    this.keepSnapshots();
  }

  private keepSnapshots(): void {
    const all = this.snapshots?.attachments() ?? [];
    this.kept.push(...all.slice(this.snapshotsKept));
    this.snapshotsKept = all.length;
  }

  /** The attribution at a prompt on `model` (API id): its co-author line names the model. */
  private attributionAt(coAuthored: boolean, model: string | undefined): Attachment | undefined {
    const change = this.capturedOf('remote_session_change');
    if (!change) return undefined;
    const json = coAuthored
      ? attributionOn(change.json, this.capturedOf('model')?.json, model)
      : withoutAttribution(change.json);
    if (json === this.lastAttribution) return undefined;
    this.lastAttribution = json;
    return { type: 'remote_session_change', json };
  }

  private modelAt(id: string, contextTexts: readonly string[]): Attachment | undefined {
    const captured = this.capturedOf('model');
    if (!captured || id === this.lastModel) return undefined;
    const json = modelNotice(captured.json, id, contextTexts);
    if (json === undefined) return undefined;
    this.lastModel = id;
    return { type: 'model', json };
  }

  private deferredAt(deferred: readonly string[]): Attachment | undefined {
    const captured = this.capturedOf('deferred_tools_delta');
    if (!captured) return undefined;
    const added = deferred.filter((t) => !this.lastDeferred.includes(t));
    const removed = this.lastDeferred.filter((t) => !deferred.includes(t));
    if (added.length === 0 && removed.length === 0) return undefined;
    this.lastDeferred = [...deferred];
    const delta = JSON.parse(captured.json) as Json;
    const json = JSON.stringify({ ...delta, addedNames: added, addedLines: added, removedNames: removed });
    return { type: 'deferred_tools_delta', json };
  }

  /** The attachments kept so far (before any prompt: the captured ones, as a plain first turn keeps them). */
  attachments(): Attachment[] {
    return this.prompted ? [...this.kept] : [...this.captured];
  }
}
