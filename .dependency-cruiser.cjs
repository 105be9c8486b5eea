/**
 * The kit's layers, checked by `npm run lint` (dependency-cruiser over src/ and schemas/). The
 * README's "Layers" paragraph says the same in prose; test/layers.test.ts keeps the two and the
 * folders of src/ in step, and plants a violation of each kind of rule to see it caught.
 *
 * LAYERS lists tiers from the bottom up. A folder may import its own tier's folders only within
 * itself and any folder of a tier below it; never a folder of its own tier or of a tier above.
 * Tests (*.test.ts, *.test-d.ts) are no part of the layering: they may import what they test from
 * anywhere, test/support/ included.
 */
const LAYERS = [
  // Errors as data, the package's own facts, the finding type.
  ['src/errors', 'src/config', 'src/findings'],
  // Small helpers (JSON, clocks, paths, zod's English).
  ['src/util'],
  // The versioned message schemas, their amendments per version, version order.
  ['schemas'],
  // The stream-json wire: framing, classification, envelopes, correlation, id placeholders.
  ['src/protocol'],
  // Fixtures: the recorded session's file format.
  ['src/fixture'],
  // Redaction of fixtures, validation against the schemas, what the Agent SDK declares.
  ['src/redact', 'src/validate', 'src/sdk-inventory'],
  // The scripted model API; driving a CLI process as an SDK client would.
  ['src/model-api', 'src/driver'],
  // Installing CLI versions from npm, then knowing which versions exist.
  ['src/install'],
  ['src/versions'],
  // The scenario catalogue, expectations by version range.
  ['src/scenarios'],
  // Recording, replaying, inferring schemas from captures.
  ['src/recorder', 'src/replayer', 'src/schema-infer'],
  // The fake `claude`, then the report of what it and the schemas cover of the SDK.
  ['src/fake-claude'],
  ['src/coverage'],
  // Reports of runs, the canary that makes them, the commands built on the canary.
  ['src/report'],
  ['src/canary'],
  ['src/changelog', 'src/matrix', 'src/bisect'],
  ['src/pin'],
  // The command line and the package's public entry.
  ['src/cli', 'src/index.ts'],
];

const TEST_FILE = '\\.test(-d)?\\.ts$';
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A folder's modules, or the one file `src/index.ts`. */
const place = (p) => (p.endsWith('.ts') ? `^${escapeRegExp(p)}$` : `^${escapeRegExp(p)}/`);
const anyOf = (places) => `(${places.map(place).join('|')})`;

/** One rule per place: not its tier's other places, nor any place of a tier above. */
const layerRules = LAYERS.flatMap((tier, i) =>
  tier.map((p) => {
    const forbidden = [...tier.filter((q) => q !== p), ...LAYERS.slice(i + 1).flat()];
    return {
      name: `layer:${p}`,
      comment: `${p} may import only the layers below it (README, Layers): not ${forbidden.join(', ')}`,
      severity: 'error',
      from: { path: place(p), pathNot: TEST_FILE },
      to: { path: anyOf(forbidden) },
    };
  }),
).filter((rule) => rule.to.path !== '()');

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-circular-across-folders',
      comment: 'no import cycle through modules of two folders (a cycle within one folder is its own affair)',
      severity: 'error',
      from: { path: '^(src/[^/]+|schemas)/', pathNot: TEST_FILE },
      to: { circular: true, via: { pathNot: '^$1/' } },
    },
    {
      name: 'not-to-test-code',
      comment: 'shipped code imports no test, test support, script or bench (none of them is packaged)',
      severity: 'error',
      from: { path: '^(src|schemas)/', pathNot: TEST_FILE },
      to: { path: [TEST_FILE, '^(test|scripts|bench)/'] },
    },
    {
      name: 'not-to-dev-dependency',
      comment:
        "shipped code imports only the package's dependencies and peer dependencies (zod: the user's instance), no dev dependency (vitest, fast-check, typescript-json-schema, playwright-core…)",
      severity: 'error',
      from: { path: '^(src|schemas)/', pathNot: TEST_FILE },
      to: {
        dependencyTypes: ['npm-dev', 'npm-optional', 'npm-no-pkg', 'npm-unknown'],
        // A peer dependency is also a dev dependency (the kit's own copy for its tests and build).
        dependencyTypesNot: ['npm-peer'],
      },
    },
    {
      name: 'not-unresolvable',
      comment: 'every import of shipped code resolves',
      severity: 'error',
      from: { path: '^(src|schemas)/', pathNot: TEST_FILE },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API; swc parses the sources (type-only imports included).
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules', '^(test|scripts|bench)/'] },
    exclude: { path: ['^dist/', '/generated/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

module.exports = config;
// For test/layers.test.ts; not enumerable, so dependency-cruiser's check of its options ignores it.
Object.defineProperty(module.exports, 'LAYERS', { value: LAYERS, enumerable: false });
