import { describe, expect, it } from 'vitest';
import { sessionStartText } from './model-side-hooks.js';

const base = { userBlocks: ['<r>skills</r>', '<r>date</r>'], systemMessage: '# Env\n{notices}Today.' };

describe('model-side capture of hooks', () => {
  it('a SessionStart hook’s block among the first message’s: its index and text, the marker and the hook’s name as slots', () => {
    const probe = {
      blocks: ['<r>SessionStart:startup hook success: MARK</r>', ...base.userBlocks],
      system: null,
    };
    expect(sessionStartText(base, probe, 'MARK', 'output')).toEqual({
      placement: 'user-block',
      at: 0,
      template: '<r>{hookName} hook success: {output}</r>',
    });
  });

  it('a SessionStart hook’s text in the system-role message: its offset (without {notices}) and what was added', () => {
    const probe = {
      blocks: base.userBlocks,
      system: 'SessionStart hook additional context: MARK\n\n# Env\nToday.',
    };
    expect(sessionStartText(base, probe, 'MARK', 'context')).toEqual({
      placement: 'system-message',
      at: 0,
      template: 'SessionStart hook additional context: {context}\n\n',
    });
  });

  it('fails loudly when the marker is nowhere, or the hook changed more than its own text', () => {
    expect(() =>
      sessionStartText(base, { blocks: base.userBlocks, system: '# Env\nToday.' }, 'MARK', 'x'),
    ).toThrow(/no SessionStart hook text/);
    expect(() =>
      sessionStartText(base, { blocks: ['<r>MARK</r>', '<r>skills</r>'], system: null }, 'MARK', 'x'),
    ).toThrow(/more of the first message/);
  });
});
