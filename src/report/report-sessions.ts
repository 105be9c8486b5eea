import { closeSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseFixture } from '../fixture/index.js';
import { openRegularFile } from '../util/regular-file.js';
import type { SessionFrame } from './frame-diff.js';
import type { CanaryReport } from './model.js';

/** One side of a scenario's timeline: the frames of a wire log or fixture, or why it has none. */
export type LoadedSession =
  | {
      path: string;
      cliVersion: string | null;
      frames: SessionFrame[];
      exitCode: number | null;
      signal: string | null;
    }
  | { path: string; error: string };

/** This run's wire log and the baseline fixture of a scenario (null: the report names none). */
export interface ScenarioSessions {
  run: LoadedSession | null;
  baseline: LoadedSession | null;
}

/**
 * Loads the sessions an HTML report shows: each scenario's wire log (relative to the report
 * folder) and its baseline fixture (relative to `cwd`, the folder the run was started in). A file
 * that cannot be read becomes an `error` the page shows instead of frames.
 */
export function loadReportSessions(
  report: Pick<CanaryReport, 'scenarios'>,
  reportDir: string,
  cwd = process.cwd(),
): Map<string, ScenarioSessions> {
  const sessions = new Map<string, ScenarioSessions>();
  for (const sc of report.scenarios) {
    sessions.set(sc.id, {
      run: sc.wireLog === null ? null : loadSession(join(reportDir, sc.wireLog), sc.wireLog),
      baseline:
        sc.baselineFixture === null
          ? null
          : loadSession(
              isAbsolute(sc.baselineFixture) ? sc.baselineFixture : resolve(cwd, sc.baselineFixture),
              sc.baselineFixture,
            ),
    });
  }
  return sessions;
}

/** Reads one fixture or wire log as session frames; `shown` is the path the page names. */
export function loadSession(path: string, shown = path): LoadedSession {
  let text: string;
  try {
    // A regular file only: a FIFO or a device in a report or baseline folder is never waited on.
    const { fd } = openRegularFile(path);
    try {
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { path: shown, error: code === 'ENOENT' ? 'the file does not exist' : (error as Error).message };
  }
  try {
    const fixture = parseFixture(text, { file: shown });
    return {
      path: shown,
      cliVersion: fixture.header.cliVersion ?? fixture.trailer?.cliVersion ?? null,
      frames: fixture.frames.map((f): SessionFrame => {
        const frame: SessionFrame = { dir: f.dir, t: f.t };
        if (f.msg !== undefined) frame.msg = f.msg;
        else frame.raw = f.raw ?? Buffer.from(f.rawBase64 ?? '', 'base64').toString('utf8');
        return frame;
      }),
      exitCode: fixture.trailer?.exitCode ?? null,
      signal: fixture.trailer?.signal ?? null,
    };
  } catch (error) {
    return { path: shown, error: (error as Error).message };
  }
}
