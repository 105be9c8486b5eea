import { describe, expect, it } from 'vitest';
import {
  noticeJoiner,
  postToolUseText,
  sessionStartText,
  spentBlocks,
  stopMessages,
} from './model-side-hooks.js';

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

  it('a PostToolUse hook’s context: a block after the tool results, or a system-role message after them', () => {
    const results = { role: 'user', content: [{ type: 'tool_result', content: 'ok' }] };
    const opening = { role: 'system', content: 'MARK is not here: before the results' };
    expect(
      postToolUseText(
        [
          { role: 'user', content: 'Say hi.' },
          {
            ...results,
            content: [
              ...results.content,
              { type: 'text', text: '<r>PostToolUse:Write hook additional context: MARK</r>' },
            ],
          },
        ],
        'MARK',
      ),
    ).toEqual({ placement: 'user-block', template: '<r>{hookName} hook additional context: {context}</r>' });
    expect(
      postToolUseText(
        [opening, results, { role: 'system', content: [{ type: 'text', text: 'PostToolUse:Write: MARK' }] }],
        'MARK',
      ),
    ).toEqual({
      placement: 'system-message',
      template: '{hookName}: {context}',
      system: 'PostToolUse:Write: MARK',
    });
    expect(() => postToolUseText([opening, results], 'MARK')).toThrow(/no PostToolUse hook context/);
  });

  it('what joins the hook’s text to the budget notice in one system-role message', () => {
    expect(noticeJoiner('H: MARK\n\nUSD budget: $0.0003/$5.5; $5.4997 remaining', 'H: MARK')).toBe('\n\n');
    expect(() => noticeJoiner('H: MARK', 'H: MARK')).toThrow(/not the hook’s text, then the budget/);
  });

  it('a Stop hook’s block: the user message with the reason (its form), then the system-role message; the command before the reason', () => {
    const command = `echo '{"reason":"MARK"}'`;
    const messages = [
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { role: 'user', content: '<r>Stop hook feedback:\nMARK</r>' },
      { role: 'system', content: `Stop hook blocking error from command: "${command}": MARK` },
      { role: 'assistant', content: [{ type: 'tool_use' }] },
    ];
    expect(stopMessages(messages, 'MARK', command)).toEqual({
      feedback: '<r>Stop hook feedback:\n{reason}</r>',
      asString: true,
      system: 'Stop hook blocking error from command: "{command}": {reason}',
    });
    expect(
      stopMessages([messages[0]!, { role: 'user', content: [{ type: 'text', text: 'F: MARK' }] }], 'MARK'),
    ).toEqual({
      feedback: 'F: {reason}',
      asString: false,
      system: null,
    });
    expect(() => stopMessages(messages.slice(0, 1), 'MARK')).toThrow(/no user message/);
  });

  it('what a blocked prompt spent: the plain context’s blocks the next request lacks; anything else fails loudly', () => {
    expect(spentBlocks(base, { blocks: ['<r>date</r>'], system: '# Env\nToday.' })).toEqual([0]);
    expect(spentBlocks(base, { blocks: base.userBlocks, system: '# Env\nToday.' })).toEqual([]);
    expect(() => spentBlocks(base, { blocks: ['<r>new</r>'], system: '# Env\nToday.' })).toThrow(
      /less some blocks/,
    );
    expect(() => spentBlocks(base, { blocks: base.userBlocks, system: 'other' })).toThrow(/less some blocks/);
  });
});
