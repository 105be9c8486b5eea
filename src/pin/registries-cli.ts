import { relative } from 'node:path';
import { packageInfo } from '../config/package-info.js';
import { writeKitRegistries } from './register.js';

/**
 * `npm run registries`: regenerates every registry of versions from the version folders
 * (`schemas/pinned.ts`, the package's subpath exports, the fake's registries), after a folder was
 * added by hand (an override set `src/fake-claude/behaviour/<version>/overrides.ts`, say). `pin`
 * and the fake's captures do it themselves.
 */
const root = packageInfo().root;
const changed = writeKitRegistries(root);
process.stdout.write(
  changed.length === 0
    ? 'every registry is what its folders say: nothing to write\n'
    : `wrote ${changed.map((f) => relative(root, f)).join(', ')}\n`,
);
