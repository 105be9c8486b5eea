import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('importGraph', () => {
  it('follows static, re-export and literal dynamic imports, and lists bare packages once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-graph-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'entry.js'), "import('./lib/a.js');\nimport 'node:fs';\n");
    writeFileSync(join(dir, 'lib', 'a.js'), "import { z } from 'zod';\nexport * from './b.js';\n");
    writeFileSync(
      join(dir, 'lib', 'b.js'),
      "import x from '@scope/pkg/sub';\nimport y from 'zod/v4';\nimport './a.js';\n",
    );
    const graph = importGraph(join(dir, 'entry.js'));
    expect(graph.files.map((f) => f.slice(dir.length))).toEqual(['/entry.js', '/lib/a.js', '/lib/b.js']);
    expect(graph.packages).toEqual(['@scope/pkg', 'zod']);
  });
});
