import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Transcript } from '../driver/index.js';
import { ClideError, isClideError } from '../errors/index.js';
import {
  createFixtureWriter,
  type Fixture,
  fixtureCliVersion,
  fixtureFileName,
  readFixture,
  uniqueRecordingPath,
} from '../fixture/index.js';
import { createRedactor, finalizeFixtureSync } from '../redact/index.js';
import { fixtureSideRequests, headerSideRequests } from './side-requests.js';
import type { WireFrame, WireLog } from './wire-log.js';

export { fixtureFileName };

/** The baseline fixture of a scenario in `dir`, or undefined when there is none. */
export function baselineFixturePath(dir: string, scenarioId: string): string | undefined {
  const path = join(dir, fixtureFileName(scenarioId));
  return existsSync(path) ? path : undefined;
}

/**
 * A loaded fixture as a wire log. Its side requests come from its header, else from its corpus'
 * `side-requests.json` when `source` is its path.
 */
export function wireLogFromFixture(fixture: Fixture, source: string): WireLog {
  const sideRequests = existsSync(source)
    ? fixtureSideRequests(fixture, source)
    : headerSideRequests(fixture);
  return {
    source,
    cliVersion: fixtureCliVersion(fixture),
    frames: fixture.frames.map((f): WireFrame => {
      if (f.msg !== undefined) return { dir: f.dir, msg: f.msg };
      if (f.raw !== undefined) return { dir: f.dir, raw: f.raw };
      return { dir: f.dir, raw: Buffer.from(f.rawBase64 ?? '', 'base64').toString('utf8') };
    }),
    exitCode: fixture.trailer?.exitCode ?? null,
    signal: fixture.trailer?.signal ?? null,
    // A run the driver killed (a hang) is still a finished observation.
    complete: fixture.trailer !== null,
    ...(sideRequests ? { sideRequests } : {}),
  };
}

/** Reads a fixture (any supported format, or a plain JSONL capture of stdout) as a wire log. */
export async function readWireLog(path: string): Promise<WireLog> {
  try {
    return wireLogFromFixture(await readFixture(path), path);
  } catch (error) {
    if (isClideError(error)) throw error;
    throw new ClideError('fixture', `cannot read the fixture: ${(error as Error).message}`, {
      where: path,
      cause: error,
    });
  }
}

export interface WriteWireLogOptions {
  scenario: string;
  cliVersion: string | null;
  /** The run's unscripted side requests (`HEAD /api/hello`), kept in the header's `meta`. */
  sideRequests?: readonly string[];
}

/**
 * Writes a run's transcript as a `clide-fixture/2` file, redacted like a recording (secrets,
 * account data, ids → placeholders), so a report folder can be committed and its wire logs serve
 * as the baseline of a later run (`--baseline-dir`) or as one side of `diff`. Like a recording it
 * is written under a temporary name, leak-scanned (the same scan, without secretlint: this is
 * synchronous) and only then given its name; on a hit it is deleted and a `ClideError('leak')`
 * thrown. The temporary name is unique to the write (`uniqueRecordingPath`).
 */
export function writeWireLog(path: string, transcript: Transcript, options: WriteWireLogOptions): void {
  mkdirSync(dirname(path), { recursive: true });
  // Unique to this write: two runs into one report folder write the same wire logs side by side.
  const temp = uniqueRecordingPath(path);
  const redactor = createRedactor();
  const writer = createFixtureWriter(
    temp,
    {
      argv: transcript.argv,
      cliVersion: options.cliVersion,
      recordedAt: transcript.startedAt,
      scenario: options.scenario,
      ...(options.sideRequests && options.sideRequests.length > 0
        ? { meta: { sideRequests: [...options.sideRequests] } }
        : {}),
    },
    { transform: redactor, fsync: 'never' },
  );
  for (const frame of transcript.frames) {
    writer.frame(frame.dir, frame.msg !== undefined ? { msg: frame.msg } : { raw: frame.raw ?? '' }, frame.t);
  }
  const killed = transcript.signal !== null || transcript.exitCode === null;
  writer.close({
    complete: !killed,
    exitCode: transcript.exitCode,
    signal: transcript.signal,
    durationMs: transcript.durationMs,
    ...(killed
      ? {
          reason:
            transcript.frames.length === 0
              ? 'the CLI never started'
              : 'the CLI was killed by the driver (deadline, hang, or the end of the scenario)',
        }
      : {}),
  });
  finalizeFixtureSync(temp, path, redactor, { env: process.env });
}
