import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Imported for its effect: installs the English messages that zod 4's classic API installs by
 * default, for modules written with `zod/mini` (the same core, tree-shakable). Those are the ones on
 * the fake `claude`'s start-up path, where loading the classic API would double the start-up time.
 * Import `zod/mini` as a namespace beside it (`import * as z from 'zod/mini'`), never re-exported,
 * so a bundle keeps only what is used.
 */
config(en());
