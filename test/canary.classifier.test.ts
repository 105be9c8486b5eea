import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  checkScenarioRun,
  compareWireLogs,
  readWireLog,
  type WireLog,
  wireLogFromTranscript,
  writeWireLog,
} from '../src/canary/index.js';
import { packageInfo } from '../src/config/package-info.js';
import type { TranscriptFrame } from '../src/driver/index.js';
import { runScenario, SCENARIOS, type ScenarioRun } from '../src/scenarios/index.js';
import { sharedRun } from './support/shared-runs.js';

/** The CLI the suite's `claudeBinary` is: the default pin. */
const PINNED = packageInfo().pinned;

/**
 * The drift classifier on synthetic drift injected into REAL transcripts: each scenario is run
 * against the pinned CLI, the transcript is mutated the way a new CLI version could change it,
 * and the mutated run is checked against the untouched one as its baseline.
 */
type Json = Record<string, unknown>;

const scenario = (id: string) => {
  const found = SCENARIOS.find((s) => s.id === id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
};

let allow: ScenarioRun;
let allowAgain: ScenarioRun;
let version: ScenarioRun;
let dir: string;

beforeAll(async () => {
  const binary = inject('claudeBinary');
  dir = mkdtempSync(join(tmpdir(), 'clide-canary-classifier-'));
  // The first run of each is shared with the files that run it on the same binary
  // (test/support/shared-runs.ts); the second run of permission/allow is this file's own.
  const shared = { binary, cliVersion: PINNED };
  [allow, allowAgain, version] = await Promise.all([
    sharedRun(inject('sharedRunsDir'), scenario('permission/allow'), shared),
    runScenario(scenario('permission/allow'), { binary }),
    sharedRun(inject('sharedRunsDir'), scenario('control/get-binary-version'), shared),
  ]);
  for (const run of [allow, allowAgain, version]) expect(run.findings, run.scenario).toEqual([]);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clone = <T>(value: T): T => structuredClone(value);
const baselineOf = (run: ScenarioRun): WireLog => wireLogFromTranscript(run.transcript, 'baseline', PINNED);

/** A copy of `run` whose frames went through `mutate` (frames are deep copies). */
function mutated(run: ScenarioRun, mutate: (frames: TranscriptFrame[]) => TranscriptFrame[]): ScenarioRun {
  const copy = clone(run);
  copy.transcript.frames = mutate(copy.transcript.frames);
  return copy;
}

function check(run: ScenarioRun, base: ScenarioRun) {
  return checkScenarioRun(run, {
    baseline: baselineOf(base),
    schemaVersion: PINNED,
    cliVersion: PINNED,
  });
}

const isMsg = (f: TranscriptFrame, pred: (m: Json) => boolean) =>
  f.msg !== undefined && typeof f.msg === 'object' && pred(f.msg as Json);
const isCanUseTool = (m: Json) =>
  m.type === 'control_request' && (m.request as Json)?.subtype === 'can_use_tool';
const isToolResultMessage = (m: Json) =>
  m.type === 'user' && JSON.stringify((m.message as Json)?.content ?? '').includes('tool_result');

function setToolResult(frames: TranscriptFrame[], text: string): void {
  const frame = frames.find((f) => f.dir === 'from-cli' && isMsg(f, isToolResultMessage))!;
  const msg = frame.msg as Json;
  const block = ((msg.message as Json).content as Json[])[0]!;
  block.content = text;
  block.is_error = true;
  msg.tool_use_result = `Error: ${text}`;
}

function codes(findings: Array<{ code: string; severity: string }>): string[] {
  return findings.map((f) => `${f.severity} ${f.code}`);
}

describe('drift classifier on real transcripts', () => {
  test('an unchanged run, a second real run and a redacted fixture round trip give no drift', async () => {
    expect(check(allow, allow)).toEqual([]);
    expect(check(allowAgain, allow)).toEqual([]);
    const path = join(dir, 'permission__allow.jsonl');
    writeWireLog(path, allow.transcript, { scenario: 'permission/allow', cliVersion: PINNED });
    const fixture = await readWireLog(path);
    // The fixture is redacted (ids → placeholders): still structurally identical to a raw run.
    expect(JSON.stringify(fixture.frames)).not.toBe(JSON.stringify(baselineOf(allow).frames));
    expect(compareWireLogs(fixture, baselineOf(allowAgain), { scenario: 'permission/allow' })).toEqual([]);
  });

  test('a renamed subtype is breaking (subtype gone) plus additive (subtype new)', () => {
    const run = mutated(allow, (frames) => {
      const init = frames.find((f) => isMsg(f, (m) => m.type === 'system' && m.subtype === 'init'))!;
      (init.msg as Json).subtype = 'initialise';
      return frames;
    });
    const findings = check(run, allow);
    expect(findings).toContainEqual(
      expect.objectContaining({ code: 'drift/subtype-gone', severity: 'breaking', expected: 'system/init' }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        code: 'drift/subtype-new',
        severity: 'additive',
        actual: 'system/initialise',
      }),
    );
  });

  test('a removed required field is breaking, in the schema check and in the structural comparison', () => {
    const run = mutated(allow, (frames) => {
      const ask = frames.find((f) => isMsg(f, isCanUseTool))!;
      delete ((ask.msg as Json).request as Json).tool_name;
      return frames;
    });
    const findings = check(run, allow);
    expect(findings).toContainEqual(
      expect.objectContaining({
        code: 'drift/field-gone',
        severity: 'breaking',
        path: ['request', 'tool_name'],
      }),
    );
    expect(findings.filter((f) => f.code.startsWith('schema/') && f.severity === 'breaking')).not.toEqual([]);
  });

  test('a retyped field is breaking', () => {
    const run = mutated(allow, (frames) => {
      const result = frames.find((f) => isMsg(f, (m) => m.type === 'result'))!;
      (result.msg as Json).num_turns = String((result.msg as Json).num_turns);
      return frames;
    });
    expect(check(run, allow)).toContainEqual(
      expect.objectContaining({ code: 'drift/field-retyped', severity: 'breaking', path: ['num_turns'] }),
    );
  });

  test('a new field is additive only', () => {
    const run = mutated(allow, (frames) => {
      const result = frames.find((f) => isMsg(f, (m) => m.type === 'result'))!;
      (result.msg as Json).brand_new_field = { enabled: true };
      return frames;
    });
    const findings = check(run, allow);
    expect(findings).toContainEqual(
      expect.objectContaining({ code: 'drift/field-new', severity: 'additive', path: ['brand_new_field'] }),
    );
    expect(findings.filter((f) => f.severity !== 'additive')).toEqual([]);
  });

  test('an auto-denial (no can_use_tool, permission_denials grows) is breaking', () => {
    const run = mutated(allow, (frames) => {
      const ask = frames.find((f) => isMsg(f, isCanUseTool))!;
      const id = (ask.msg as Json).request_id;
      const kept = frames.filter(
        (f) =>
          f !== ask &&
          !isMsg(f, (m) => m.type === 'control_response' && (m.response as Json)?.request_id === id),
      );
      setToolResult(
        kept,
        "Claude requested permissions to write to /tmp/x/banana.txt, but you haven't granted it yet.",
      );
      const result = kept.find((f) => isMsg(f, (m) => m.type === 'result'))!;
      (result.msg as Json).permission_denials = [
        { tool_name: 'Write', tool_use_id: 'toolu_01WriteBanana', tool_input: { file_path: 'banana.txt' } },
      ];
      return kept;
    });
    const findings = check(run, allow);
    expect(codes(findings)).toContain('breaking drift/permission-prompt-missing');
    expect(codes(findings)).toContain('breaking drift/auto-denial');
  });

  test('a permission reply now rejected with a ZodError is breaking', () => {
    const run = mutated(allow, (frames) => {
      setToolResult(
        frames,
        'Tool permission request failed: ZodError: [{"code":"invalid_type","path":["updatedInput"],"message":"expected record"}]',
      );
      return frames;
    });
    expect(check(run, allow)).toContainEqual(
      expect.objectContaining({
        code: 'drift/zod-error',
        severity: 'breaking',
        path: ['message', 'content', 0, 'content'],
      }),
    );
  });

  test('a hang (stall after can_use_tool, killed by the driver) is breaking', () => {
    const run = mutated(allow, (frames) =>
      frames.slice(0, frames.findIndex((f) => isMsg(f, isCanUseTool)) + 1),
    );
    run.transcript.exitCode = null;
    run.transcript.signal = 'SIGKILL';
    const findings = check(run, allow);
    expect(findings[0]).toMatchObject({ code: 'drift/hang', severity: 'breaking' });
    // The hang is the story: no pile of "message gone" findings for everything after the stall.
    expect(codes(findings)).not.toContain('breaking drift/message-gone');
  });

  test('a run killed at its deadline where the baseline ended by itself is a hang, not only another exit code', () => {
    const run = clone(version);
    run.transcript.exitCode = null;
    run.transcript.signal = 'SIGKILL';
    expect(codes(check(run, version))).toEqual(['breaking drift/hang']);
  });

  test('a control request the baseline answered with success, now rejected, is breaking', () => {
    const run = mutated(version, (frames) => {
      const reply = frames.find(
        (f) => f.dir === 'from-cli' && isMsg(f, (m) => m.type === 'control_response'),
      )!;
      const response = (reply.msg as Json).response as Json;
      (reply.msg as Json).response = {
        subtype: 'error',
        request_id: response.request_id,
        error: 'Unsupported control request subtype: get_binary_version',
      };
      return frames;
    });
    const drift = check(run, version).filter((f) => f.code.startsWith('drift/'));
    expect(codes(drift)).toEqual(['breaking drift/request-now-rejected']);
  });

  test('an exit code that changed is breaking', () => {
    const run = clone(allow);
    run.transcript.exitCode = 3;
    expect(codes(check(run, allow))).toEqual(['breaking drift/exit-code-changed']);
  });

  test('an unknown flag is breaking', () => {
    const run = mutated(allow, () => [
      { seq: 0, t: 5, dir: 'stderr', raw: "error: unknown option '--permission-prompt-tool'" },
    ]);
    run.transcript.exitCode = 1;
    expect(codes(check(run, allow))).toContain('breaking drift/unknown-flag');
  });
});
