import { describe, expect, it } from 'vitest';
import { LOCAL_COMMAND_CAVEAT, localCommandMessages } from './local-command.js';

describe('a local command kept in the conversation', () => {
  it("is its caveat, the command with its arguments and its output, as 2.1.150's set_model keeps them", () => {
    const stdout = '<local-command-stdout>Set model to sonnet (claude-sonnet-4-6)</local-command-stdout>';
    expect(localCommandMessages('model', 'sonnet', stdout)).toEqual([
      LOCAL_COMMAND_CAVEAT,
      '<command-name>/model</command-name>\n            <command-message>model</command-message>\n            <command-args>sonnet</command-args>',
      stdout,
    ]);
    expect(LOCAL_COMMAND_CAVEAT).toMatch(/^<local-command-caveat>Caveat: .*<\/local-command-caveat>$/);
  });
});
