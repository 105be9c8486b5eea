/**
 * The prompt snapshots a version that keeps them (2.1.332) adds to its conversation, as
 * attachments get_context_usage's breakdown counts (read from the binary, checked against its
 * transcripts):
 * - before the session's first request, the system prompt (its sections; a client's prompt is
 *   one);
 * - after the first response, the same with the tools as that first request sent them — each
 *   `{name, description, schema}`, `schema` the definition as sent, a deferred tool's placeholder
 *   left out — the CLI's prefix and the request's wire shape (as the model sends the context: its
 *   keys are there only on a model whose requests carry a system-role message);
 * - after a later response whose model's wire shape differs from the last snapshot's, the last one
 *   with that wire shape (the tools stay those recorded).
 * The keys and their order, and the values this does not derive, are the captured snapshots'
 * (usage/data/<version>.json: a plain session on the default model with the CLI's own prompt).
 */

type Json = Record<string, unknown>;

/** The captured snapshots: before the first request, and the one recording the tools. */
export interface SnapshotTemplates {
  before: Json;
  recorded: Json;
}

/** The captured snapshots of the version's attachments (filled in), where it keeps two. */
export function snapshotTemplates(
  attachments: ReadonlyArray<{ type: string; json: string }>,
): SnapshotTemplates | undefined {
  const snapshots = attachments
    .filter((a) => a.type === 'prompt_snapshot')
    .map((a) => JSON.parse(a.json) as Json);
  const [before, recorded] = snapshots;
  if (snapshots.length !== 2 || !before || !recorded || !('tools' in recorded)) return undefined;
  return { before, recorded };
}

/** The keys of the wire shape: those of the recorded snapshot the first lacks, but the tools and the prefix. */
function wireShapeKeys(templates: SnapshotTemplates): string[] {
  return Object.keys(templates.recorded).filter(
    (k) => !(k in templates.before) && k !== 'tools' && k !== 'cliPrefix',
  );
}

/** A request's tools as a snapshot records them (a deferred tool's placeholder left out). */
export function recordedTools(tools: readonly Json[]): Json[] {
  return tools
    .filter((t) => t.defer_loading !== true)
    .map((t) => ({ name: t.name, description: t.description, schema: t }));
}

export class PromptSnapshots {
  private readonly kept: Json[] = [];
  private sections: string[] = [];
  private tools: Json[] | undefined;
  private recordedWithShape: boolean | undefined;

  constructor(
    private readonly templates: SnapshotTemplates,
    /** The system prompt's sections of the CLI's own prompt (the captured ones, filled in). */
    private readonly ownSections: readonly string[],
  ) {}

  /**
   * A conversation request: before the first, the system prompt's snapshot (`clientPrompt`: the
   * client's prompt, else the CLI's own); the first's tools are those recorded.
   */
  onRequest(body: Json, clientPrompt: string | undefined): void {
    if (this.tools !== undefined) return;
    this.sections = clientPrompt === undefined ? [...this.ownSections] : [clientPrompt];
    this.kept.push({ ...this.templates.before, systemPrompt: this.sections });
    this.tools = recordedTools(Array.isArray(body.tools) ? (body.tools as Json[]) : []);
  }

  /** A response on a model whose requests do (`wireShape`) or do not carry the wire shape. */
  onResponse(wireShape: boolean): void {
    if (this.tools === undefined || this.recordedWithShape === wireShape) return;
    this.recordedWithShape = wireShape;
    const shape = new Set(wireShapeKeys(this.templates));
    const snapshot: Json = {};
    for (const [key, value] of Object.entries(this.templates.recorded)) {
      if (shape.has(key) && !wireShape) continue;
      snapshot[key] = key === 'systemPrompt' ? this.sections : key === 'tools' ? this.tools : value;
    }
    this.kept.push(snapshot);
  }

  /** The snapshots kept so far, as attachments. */
  attachments(): Array<{ type: string; json: string }> {
    return this.kept.map((s) => ({ type: 'prompt_snapshot', json: JSON.stringify(s) }));
  }
}
