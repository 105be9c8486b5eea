// Generated from the <version>/ folders of schemas/ (src/pin/register.ts, `npm run registries`): do not edit.
import { schemaSet as v2_1_150 } from './2.1.150/index.js';
import { schemaSet as v2_1_332 } from './2.1.332/index.js';
import type { SchemaSet } from './schema-set.js';

/** Every pinned schema set, oldest first: one per folder, never removed (users import old sets by path). */
export const PINNED_SETS: readonly SchemaSet[] = [v2_1_150, v2_1_332];
