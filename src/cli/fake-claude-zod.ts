/**
 * Imported first by the `fake-claude` executable, before zod is loaded: zod's JIT compiles a
 * parser for each object schema the first time it parses (`new Function`), which pays off over
 * many parses and costs a one-turn session ~1 ms per schema. The executable parses a few values
 * once each, so it runs zod without the JIT; the validation is the same. A session loads zod only
 * when it needs it (a broken model script, a permission reply to check), so this sets zod's
 * global configuration where zod takes it from as it loads (`globalThis.__zod_globalConfig`, the
 * object zod's `config()` reads and writes) rather than importing zod at start-up
 * (fake-claude-zod.test.ts checks that zod takes it). The bundle has its own copy of zod, so this
 * changes no one else's (the in-process fake keeps the JIT). Plain JavaScript, so that the test can
 * run this very text in a fresh Node.
 */
const zodConfig = Reflect.get(globalThis, '__zod_globalConfig') ?? {};
zodConfig.jitless = true;
Reflect.set(globalThis, '__zod_globalConfig', zodConfig);
