import { describe, expect, it } from 'vitest';
import { sessionStartNotes } from './hook-runner.js';

describe('what SessionStart command hooks have to say', () => {
  it('the output trimmed, a JSON answer’s additionalContext; a hook with nothing to say adds nothing', () => {
    const run = (stdout: string, answer?: Record<string, unknown>) => ({ command: 'c', stdout, answer });
    expect(
      sessionStartNotes([
        run('  first line\n\n'),
        run('\n'),
        run('{}', {}),
        run('{…}', { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'ctx' } }),
      ]),
    ).toEqual([{ output: 'first line' }, { context: 'ctx' }]);
  });
});
