/**
 * Every pinned schema set, oldest first. `clide-conformance pin` adds a line here; an entry is
 * never removed (users import old sets by path).
 */
import { schemaSet as v2_1_150 } from './2.1.150/index.js';
import { schemaSet as v2_1_332 } from './2.1.332/index.js';
import type { SchemaSet } from './schema-set.js';

export const PINNED_SETS: readonly SchemaSet[] = [v2_1_150, v2_1_332];
