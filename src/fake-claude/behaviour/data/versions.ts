// Generated from the <version>/ folders of this folder (src/fake-claude/capture/version-registries.ts): do not edit.
// The versions the fake has captured data for; each one's JSON is loaded only when it is emulated.
import { type CapturedData, DATA_FILES } from './types.js';

function assemble(modules: Array<{ default: unknown }>): CapturedData {
  return Object.fromEntries(
    DATA_FILES.map(([key], i) => [key, modules[i]?.default]),
  ) as unknown as CapturedData;
}

/** Oldest first. */
export const CAPTURED_VERSIONS: readonly string[] = ['2.1.150', '2.1.332'];

export const CAPTURED_DATA: Readonly<Record<string, () => Promise<CapturedData>>> = {
  '2.1.150': () =>
    Promise.all([
      import('./2.1.150/binary.json', { with: { type: 'json' } }),
      import('./2.1.150/control.json', { with: { type: 'json' } }),
      import('./2.1.150/initialize.json', { with: { type: 'json' } }),
      import('./2.1.150/context-usage.json', { with: { type: 'json' } }),
      import('./2.1.150/settings.json', { with: { type: 'json' } }),
      import('./2.1.150/init.json', { with: { type: 'json' } }),
      import('./2.1.150/api-tools.json', { with: { type: 'json' } }),
      import('./2.1.150/api-request.json', { with: { type: 'json' } }),
      import('./2.1.150/argv.json', { with: { type: 'json' } }),
    ]).then(assemble),
  '2.1.332': () =>
    Promise.all([
      import('./2.1.332/binary.json', { with: { type: 'json' } }),
      import('./2.1.332/control.json', { with: { type: 'json' } }),
      import('./2.1.332/initialize.json', { with: { type: 'json' } }),
      import('./2.1.332/context-usage.json', { with: { type: 'json' } }),
      import('./2.1.332/settings.json', { with: { type: 'json' } }),
      import('./2.1.332/init.json', { with: { type: 'json' } }),
      import('./2.1.332/api-tools.json', { with: { type: 'json' } }),
      import('./2.1.332/api-request.json', { with: { type: 'json' } }),
      import('./2.1.332/argv.json', { with: { type: 'json' } }),
    ]).then(assemble),
};
