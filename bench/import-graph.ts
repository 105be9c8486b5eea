import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A bare specifier that names an npm package (anything else a regex catches is not an import). */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*(?:\/[A-Za-z0-9._/-]*)?$/;

/**
 * The ES modules a compiled entry point loads: relative `import … from`, `export … from` and
 * `import('…')` with a literal specifier, followed recursively; bare specifiers are listed as the
 * packages they name (not crawled). An upper bound of what one run loads (a dynamic import on a
 * path not taken is counted too).
 */
export function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;
  const visit = (file: string) => {
    if (files.has(file) || !existsSync(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) {
      const spec = m[2]!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else if (!spec.startsWith('node:') && PACKAGE_NAME.test(spec)) {
        const parts = spec.split('/');
        packages.add(spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
      }
    }
  };
  visit(resolve(entry));
  return { files: [...files], packages: [...packages].sort() };
}
