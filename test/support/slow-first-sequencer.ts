import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest (wall time, docs/test-suite-time.md), longest first. vitest
 * orders files by the durations it cached from an earlier run; a fresh clone has none, and its
 * fallback (larger files first) started the longest file a third of the way in, where its tail
 * kept the run going after every other file had ended. A file missing from the tree is passed over.
 */
export const SLOW_FILES = [
  'test/fake-claude.differential.test.ts',
  'test/fresh-project.test.ts',
  'test/fake-claude.sdk.test.ts',
  'test/fake-claude.flags.test.ts',
  'test/matrix.real-cli.test.ts',
  'test/install.test.ts',
  'test/bisect.real-cli.test.ts',
  'test/recorder.sigkill.test.ts',
  'test/fake-claude.stdin.differential.test.ts',
  'test/npm-pack.test.ts',
  'test/bad-input.property.test.ts',
  'test/recorder.redaction.test.ts',
  'test/matrix-bisect.usage.test.ts',
  'test/canary.shard-merge.test.ts',
  'test/canary.mutation.test.ts',
];

/** vitest's order, with the files of SLOW_FILES first when vitest has no durations for them. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (file: TestSpecification) => relative(root, file.moduleId).split('\\').join('/');
    const rank = (file: TestSpecification) => {
      if (this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`)) return SLOW_FILES.length;
      const index = SLOW_FILES.indexOf(path(file));
      return index < 0 ? SLOW_FILES.length : index;
    };
    return sorted
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}
