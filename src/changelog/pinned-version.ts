/**
 * The changelog compares pinned versions only: a version is named exactly as a schema set in the
 * registry (`schemas/<version>/`), never mapped to the nearest one.
 */
import { parseVersion, pinnedVersions, type SchemaSet, schemaSetFor } from '../../schemas/registry.js';
import { ClideError } from '../errors/index.js';

export function pinnedSchemaSet(version: string, where: string): SchemaSet {
  const pinned = pinnedVersions();
  const hint = `pinned versions: ${pinned.join(', ')}`;
  if (!parseVersion(version))
    throw new ClideError('usage', `"${version}" is not a CLI version`, { where, hint });
  const selection = schemaSetFor(version);
  if (!selection.exact) {
    throw new ClideError('usage', `no schema set is pinned for ${selection.requested}`, { where, hint });
  }
  return selection.set;
}

/** Both sets; the same version twice is a usage error. */
export function pinnedPair(from: string, to: string): { from: SchemaSet; to: SchemaSet } {
  const a = pinnedSchemaSet(from, '<from>');
  const b = pinnedSchemaSet(to, '<to>');
  if (a.version === b.version) {
    throw new ClideError('usage', `both versions are ${a.version}: nothing to compare`, {
      where: '<from> <to>',
      hint: `give two different pinned versions (${pinnedVersions().join(', ')})`,
    });
  }
  return { from: a, to: b };
}
