import { config } from 'zod/mini';

/**
 * Imported first by the `fake-claude` executable, before any schema is built: zod's JIT compiles a
 * parser for each object schema the first time it parses (`new Function`), which pays off over
 * many parses and costs a one-turn session ~1 ms per schema. The executable parses a few values
 * once each, so it runs zod without the JIT; the validation is the same. The bundle has its own
 * copy of zod, so this changes no one else's (the in-process fake keeps the JIT).
 */
config({ jitless: true });
