/**
 * The drafted schema folder of a new version as source: `amendments.ts` (the reviewable diff on
 * the previous set, one call per change, grouped by message kind) and a small `index.ts` that
 * applies it. Formatting is left to the project's formatter.
 */
import type { InferredAmendment } from './infer-amendments.js';

export interface RenderOptions {
  version: string;
  previous: string;
  /** Sessions in the corpus the draft was inferred from. */
  sessions: number;
  /** CLI stdout lines validated. */
  messages: number;
}

const OPS = ['addField', 'addPayload', 'addValues', 'addVariant', 'makeOptional', 'widen'] as const;

export function renderAmendmentsSource(
  amendments: readonly InferredAmendment[],
  options: RenderOptions,
): string {
  const used = OPS.filter((op) => amendments.some((a) => a.source.startsWith(`${op}(`)));
  const byKind = new Map<string, InferredAmendment[]>();
  for (const a of amendments) byKind.set(a.kind, [...(byKind.get(a.kind) ?? []), a]);
  const kinds = [...byKind.keys()].sort();
  const body = kinds
    .map((kind) => {
      const entries = byKind.get(kind)!;
      const lines = entries.map(
        (a) => `  // seen ${a.seen}×, first in ${a.example.file} frame ${a.example.seq}\n  ${a.source},`,
      );
      return `  // ---- ${kind} ----\n${lines.join('\n')}`;
    })
    .join('\n\n');
  const zodImport = amendments.some((a) => /\bz\./.test(a.source)) ? "import { z } from 'zod';\n" : '';
  return `/**
 * Claude Code CLI ${options.version}: what its wire says beyond the schemas of ${options.previous}, as
 * amendments on that set. Drafted by \`clide-conformance pin ${options.version}\` from the recorded
 * corpus \`fixtures/${options.version}/\` (${options.sessions} sessions, ${options.messages} CLI lines): new fields typed from their
 * observed values, new members for new kinds and subtypes, widened enums, fields no longer always
 * sent made optional. Review it as the diff it is: tighten a type the values under-determine, drop
 * what a scenario provoked on purpose. Routes: see \`schemas/amend.ts\`.
 */
${zodImport}import { type Amendment, ${used.join(', ')} } from '../amend.js';

export const amendments: readonly Amendment[] = [
${body}
];
`;
}

export function renderIndexSource(options: Pick<RenderOptions, 'version' | 'previous'>): string {
  return `/**
 * Zod schemas for the stream-json control protocol of Claude Code CLI ${options.version}: the
 * schemas of ${options.previous} with the amendments in \`amendments.ts\`. Objects keep unknown keys;
 * the validation engine reports them. Types for other languages: \`generated/\` (JSON Schema, .d.ts).
 */
import { amendSchemaSet } from '../amend.js';
import { schemaSet as previous } from '../${options.previous}/index.js';
import type { SchemaSet } from '../schema-set.js';
import { corpusOnlyOf, withSdkAmendments } from '../sdk-reconcile.js';
import { amendments } from './amendments.js';
import { sdkAmendments, sdkNamed } from './sdk-amendments.js';

export const CLI_VERSION = '${options.version}';

/** The ${options.previous} set with the corpus amendments, then the SDK's (\`sdk-amendments.ts\`). */
export const schemaSet: SchemaSet = withSdkAmendments(
  amendSchemaSet(previous, CLI_VERSION, amendments),
  sdkAmendments,
  sdkNamed,
  corpusOnlyOf(previous, CLI_VERSION, amendments),
);

/** Every line the ${options.version} CLI writes on stdout. */
export const cliOutputMessage = schemaSet.cliOutputMessage;
/** Every line a client writes on the ${options.version} CLI's stdin. */
export const clientInputMessage = schemaSet.clientInputMessage;
/** Success payload schema per control request subtype. */
export const controlResponsePayloads = schemaSet.controlResponsePayloads;
/** The message families, keyed by artefact name (\`system\`, \`result\`, \`hook-input\`…). */
export const parts = schemaSet.parts ?? {};

export { amendments };
export { sdkAmendments, sdkVersion } from './sdk-amendments.js';
`;
}
