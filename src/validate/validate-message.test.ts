import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Finding, isViolation } from '../findings/index.js';
import { ControlTracker } from './control-tracker.js';
import { validateMessage } from './validate-message.js';

/** The engine's rules are pinned on the hand-written base set; later sets are amendments on it. */
const BASE = '2.1.150';
const ids = { uuid: 'u-1', session_id: 's-1' };
const status = { type: 'system', subtype: 'status', status: 'requesting', ...ids };
const canUseTool = {
  type: 'control_request',
  request_id: 'req-1',
  request: {
    subtype: 'can_use_tool',
    tool_name: 'Write',
    input: { file_path: '/x', content: 'y' },
    tool_use_id: 'toolu_1',
  },
};
const success = (response?: unknown, requestId = 'req-1') => ({
  type: 'control_response',
  response: { subtype: 'success', request_id: requestId, ...(response === undefined ? {} : { response }) },
});

const fromCli = (m: unknown) => validateMessage(m, { version: BASE, direction: 'from-cli' });
const toCli = (m: unknown) => validateMessage(m, { version: BASE, direction: 'to-cli' });
const breaking = (fs: Finding[]) => fs.filter((f) => f.severity === 'breaking');

describe('validateMessage', () => {
  it('accepts a valid system/status message with no finding', () => {
    expect(fromCli(status)).toEqual([]);
  });

  it('reports an unknown field as additive with its JSON path, never as a violation', () => {
    const findings = fromCli({ ...status, brand_new: { a: 1 } });
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'schema/unknown-field',
        severity: 'additive',
        path: ['brand_new'],
        actual: 'object',
      }),
    ]);
  });

  it('reports an unknown field nested inside a union member with the full path', () => {
    const assistant = {
      type: 'assistant',
      parent_tool_use_id: null,
      ...ids,
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [{ type: 'text', text: 'hi', sparkle: true }],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    };
    expect(fromCli(assistant)).toEqual([
      expect.objectContaining({
        code: 'schema/unknown-field',
        severity: 'additive',
        path: ['message', 'content', 0, 'sparkle'],
      }),
    ]);
  });

  it('reports a missing required field as breaking with its path and the expected type', () => {
    const { status: _dropped, ...withoutStatus } = status;
    expect(fromCli(withoutStatus)).toEqual([
      expect.objectContaining({
        code: 'schema/missing-field',
        severity: 'breaking',
        path: ['status'],
        expected: '"compacting" | "requesting" | null',
      }),
    ]);
  });

  it('reports a wrong JSON type as breaking with expected and actual', () => {
    const findings = fromCli({ ...status, session_id: 42 });
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'schema/wrong-type',
        severity: 'breaking',
        path: ['session_id'],
        expected: 'string',
        actual: 42,
      }),
    ]);
  });

  it('reports a value outside an enum as breaking', () => {
    expect(breaking(fromCli({ ...status, permissionMode: 'yolo' }))).toEqual([
      expect.objectContaining({ code: 'schema/invalid-value', path: ['permissionMode'], actual: 'yolo' }),
    ]);
  });

  it('reports an unknown system subtype as additive, not checked further', () => {
    const findings = fromCli({ type: 'system', subtype: 'quantum_flux', ...ids, whatever: 1 });
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'schema/unknown-subtype',
        severity: 'additive',
        path: ['subtype'],
        actual: 'quantum_flux',
      }),
    ]);
    expect(findings[0]!.expected).toContain('init');
  });

  it('reports an unknown message type as additive', () => {
    expect(fromCli({ type: 'hologram' })).toEqual([
      expect.objectContaining({
        code: 'schema/unknown-type',
        severity: 'additive',
        path: ['type'],
        actual: 'hologram',
      }),
    ]);
  });

  it('treats a missing or non-string discriminator as a violation, not as an unknown type', () => {
    expect(breaking(fromCli({ subtype: 'status' }))).toEqual([
      expect.objectContaining({ code: 'schema/missing-field', path: ['type'] }),
    ]);
    expect(breaking(fromCli({ ...status, subtype: 7 }))).toEqual([
      expect.objectContaining({ code: 'schema/wrong-type', path: ['subtype'] }),
    ]);
  });

  it('reports an unknown control request subtype sent to the CLI as additive', () => {
    const findings = toCli({ type: 'control_request', request_id: 'r', request: { subtype: 'teleport' } });
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'schema/unknown-subtype',
        severity: 'additive',
        path: ['request', 'subtype'],
      }),
    ]);
  });

  it('rejects a message that is not a JSON object', () => {
    expect(fromCli([1, 2])).toEqual([
      expect.objectContaining({ code: 'schema/wrong-type', severity: 'breaking', path: [] }),
    ]);
  });

  describe('permission decisions (to-cli)', () => {
    it('accepts allow with updatedInput and deny with message', () => {
      expect(toCli(success({ behavior: 'allow', updatedInput: { file_path: '/x' } }))).toEqual([]);
      expect(toCli(success({ behavior: 'deny', message: 'no' }))).toEqual([]);
    });

    it('flags allow without updatedInput as a violation even without the request in view', () => {
      expect(toCli(success({ behavior: 'allow' }))).toEqual([
        expect.objectContaining({
          code: 'schema/missing-field',
          severity: 'breaking',
          path: ['response', 'response', 'updatedInput'],
          expected: 'record<string, any value>',
        }),
      ]);
    });

    it('flags deny without message as a violation', () => {
      expect(breaking(toCli(success({ behavior: 'deny' })))).toEqual([
        expect.objectContaining({ path: ['response', 'response', 'message'] }),
      ]);
    });

    it('with the request tracked, flags a success answer to can_use_tool that carries no decision', () => {
      const tracker = new ControlTracker();
      validateMessage(canUseTool, { version: BASE, direction: 'from-cli', tracker });
      expect(breaking(validateMessage(success(), { version: BASE, direction: 'to-cli', tracker }))).toEqual([
        expect.objectContaining({ code: 'schema/missing-field', path: ['response', 'response'] }),
      ]);
    });

    it('checks an AskUserQuestion answer: answers must map question text to strings', () => {
      const tracker = new ControlTracker();
      const questions = [
        {
          question: 'Cats or dogs?',
          header: 'Pet',
          multiSelect: false,
          options: [{ label: 'Dogs', description: 'woof' }],
        },
      ];
      const ask = {
        type: 'control_request',
        request_id: 'q-1',
        request: {
          subtype: 'can_use_tool',
          tool_name: 'AskUserQuestion',
          input: { questions },
          tool_use_id: 't',
        },
      };
      expect(validateMessage(ask, { version: BASE, direction: 'from-cli', tracker })).toEqual([]);
      const bad = success(
        { behavior: 'allow', updatedInput: { questions, answers: { 'Cats or dogs?': 1 } } },
        'q-1',
      );
      expect(breaking(validateMessage(bad, { version: BASE, direction: 'to-cli', tracker }))).toEqual([
        expect.objectContaining({
          path: ['response', 'response', 'updatedInput', 'answers', 'Cats or dogs?'],
        }),
      ]);
    });
  });

  it('checks a CLI answer against the payload schema of the tracked client request', () => {
    const tracker = new ControlTracker();
    validateMessage(
      { type: 'control_request', request_id: 'v', request: { subtype: 'get_binary_version' } },
      { version: BASE, direction: 'to-cli', tracker },
    );
    const findings = validateMessage(success({ version: 2, shiny: true }, 'v'), {
      version: BASE,
      direction: 'from-cli',
      tracker,
    });
    expect(findings).toEqual([
      expect.objectContaining({ code: 'schema/wrong-type', path: ['response', 'response', 'version'] }),
      expect.objectContaining({
        code: 'schema/unknown-field',
        severity: 'additive',
        path: ['response', 'response', 'shiny'],
      }),
    ]);
  });

  it('picks the nearest pinned schema set for an unpinned version', () => {
    expect(validateMessage(status, { direction: 'from-cli', version: '2.1.160' })).toEqual([]);
  });

  it('stamps the location on every finding', () => {
    const findings = validateMessage(
      { ...status, extra: 1 },
      { version: BASE, direction: 'from-cli', location: { file: 'f.jsonl', line: 3 } },
    );
    expect(findings[0]!.location).toEqual({ file: 'f.jsonl', line: 3 });
  });
});

describe('validateMessage on names that are Object.prototype keys', () => {
  it.each(['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'a can_use_tool for a tool named %s, and an answer to a request of that subtype, are checked without a crash',
    (name) => {
      const request = {
        type: 'control_request',
        request_id: 'r-1',
        request: { subtype: 'can_use_tool', tool_name: name, input: {}, tool_use_id: 'toolu_1' },
      };
      expect(validateMessage(request, { direction: 'from-cli' }).filter(isViolation)).toEqual([]);
      const tracker = new ControlTracker();
      validateMessage(
        { type: 'control_request', request_id: 'r-2', request: { subtype: name } },
        { direction: 'to-cli', tracker },
      );
      const answer = {
        type: 'control_response',
        response: { subtype: 'success', request_id: 'r-2', response: {} },
      };
      expect(() => validateMessage(answer, { direction: 'from-cli', tracker })).not.toThrow();
    },
  );
});

describe('validateMessage where only an SDK-declared type disagrees', () => {
  const corpusResult = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../fixtures/2.1.150/turn__plain.jsonl'), 'utf8')
      .split('\n')
      .find((l) => l.includes('"type":"result"'))!,
  ).msg as Record<string, unknown> & { usage: Record<string, unknown> };

  it('a field no pinned corpus showed, filled as the SDK does not declare, is changed drift, not a violation', () => {
    // Agent SDK 0.3.150 declares result.usage.fallback_credit as an object; later CLIs send null.
    const message = { ...corpusResult, usage: { ...corpusResult.usage, fallback_credit: null } };
    const findings = validateMessage(message, { version: '2.1.150', direction: 'from-cli' });
    expect(findings.filter(isViolation)).toEqual([]);
    expect(findings.map((f) => [f.code, f.severity, f.path.join('.')])).toContainEqual([
      'schema/sdk-declared-mismatch',
      'changed',
      'usage.fallback_credit',
    ]);
  });

  it('a value the corpus typed stays a violation', () => {
    const message = { ...corpusResult, num_turns: 'one' };
    const findings = validateMessage(message, { version: '2.1.150', direction: 'from-cli' });
    expect(findings.filter(isViolation).map((f) => [f.code, f.path.join('.')])).toEqual([
      ['schema/wrong-type', 'num_turns'],
    ]);
  });

  it('a client answer checked against the request it answers keeps its violation', () => {
    const tracker = new ControlTracker();
    validateMessage(
      {
        type: 'control_request',
        request_id: 'req-9',
        request: { subtype: 'can_use_tool', tool_name: 'Write', input: {}, tool_use_id: 'toolu_9' },
      },
      { version: '2.1.150', direction: 'from-cli', tracker },
    );
    const answer = {
      type: 'control_response',
      response: { subtype: 'success', request_id: 'req-9', response: { behavior: 'allow' } },
    };
    const findings = validateMessage(answer, { version: '2.1.150', direction: 'to-cli', tracker });
    expect(findings.filter(isViolation).map((f) => f.code)).toEqual(['schema/missing-field']);
  });
});
