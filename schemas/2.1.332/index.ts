/**
 * Zod schemas for the stream-json control protocol of Claude Code CLI 2.1.332: the
 * schemas of 2.1.150 with the amendments in `amendments.ts`. Objects keep unknown keys;
 * the validation engine reports them. Types for other languages: `generated/` (JSON Schema, .d.ts).
 */

import { schemaSet as previous } from '../2.1.150/index.js';
import { amendSchemaSet } from '../amend.js';
import type { SchemaSet } from '../schema-set.js';
import { corpusOnlyOf, withSdkAmendments } from '../sdk-reconcile.js';
import { amendments } from './amendments.js';
import { sdkAmendments, sdkNamed } from './sdk-amendments.js';

export const CLI_VERSION = '2.1.332';

/** The 2.1.150 set with the corpus amendments, then the SDK's (`sdk-amendments.ts`). */
export const schemaSet: SchemaSet = withSdkAmendments(
  amendSchemaSet(previous, CLI_VERSION, amendments),
  sdkAmendments,
  sdkNamed,
  corpusOnlyOf(previous, CLI_VERSION, amendments),
);

/** Every line the 2.1.332 CLI writes on stdout. */
export const cliOutputMessage = schemaSet.cliOutputMessage;
/** Every line a client writes on the 2.1.332 CLI's stdin. */
export const clientInputMessage = schemaSet.clientInputMessage;
/** Success payload schema per control request subtype. */
export const controlResponsePayloads = schemaSet.controlResponsePayloads;
/** The message families, keyed by artefact name (`system`, `result`, `hook-input`…). */
export const parts = schemaSet.parts ?? {};

export { sdkAmendments, sdkVersion } from './sdk-amendments.js';
export { amendments };
