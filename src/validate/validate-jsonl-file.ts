/**
 * Validates a file line by line, streaming through `JsonlFramer` (memory stays flat for
 * captures of any size). Two inputs:
 *   - a plain JSONL capture of CLI stdout: every line is a `from-cli` message (or whatever
 *     `options.direction` says);
 *   - a clide fixture (first line is a header with `"format": "clide-fixture/…"`): each frame is
 *     validated with its own direction. SEAM(fixture): see `fixture-seam.ts`.
 * Every finding carries `location.file` and `location.line`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type SchemaSelection, schemaSetFor } from '../../schemas/registry.js';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import type { Finding, FindingLocation } from '../findings/index.js';
import { refuseUnscanned } from '../fixture/index.js';
import { type Frame, JsonlFramer } from '../protocol/jsonl-framer.js';
import { ControlTracker } from './control-tracker.js';
import {
  defaultFixtureAdapter,
  type FixtureAdapter,
  fixtureHeaderVersion,
  isFixtureHeader,
} from './fixture-seam.js';
import { type Direction, validateMessage } from './validate-message.js';

export interface ValidateFileOptions {
  /**
   * CLI version whose schemas apply; default: a fixture header's `cliVersion`, else the kit's
   * pinned version.
   */
  version?: string;
  /** Direction of every line of a plain JSONL file; default `from-cli` (a stdout capture). */
  direction?: Direction;
  /** How fixture frames map to messages; default: the provisional adapter in `fixture-seam.ts`. */
  fixtureAdapter?: FixtureAdapter;
}

export interface ValidateFileResult {
  findings: Finding[];
  /** Protocol messages validated (non-JSON lines and fixture header/trailer lines not counted). */
  messages: number;
  /** `plain` JSONL or `fixture`. */
  kind: 'plain' | 'fixture';
  /** The pinned schema version used. */
  schemaVersion: string;
  /** Set when the schema version is not an exact match for the requested one. */
  note?: string;
}

export async function validateJsonlFile(
  path: string,
  options: ValidateFileOptions = {},
): Promise<ValidateFileResult> {
  schemaSetFor(options.version ?? packageInfo().pinned); // a malformed version fails before any I/O
  refuseUnscanned(path); // a recording that never passed its leak scan is no capture either
  await assertReadableFile(path);
  const state = new FileValidation(path, options);
  const framer = new JsonlFramer();
  try {
    for await (const chunk of createReadStream(path)) {
      for (const frame of framer.push(chunk as Buffer)) state.frame(frame);
    }
  } catch (error) {
    throw new ClideError('io', `cannot read ${path}: ${(error as Error).message}`, {
      where: path,
      cause: error,
    });
  }
  for (const frame of framer.end()) state.frame(frame);
  const selection = state.selection;
  return {
    findings: state.findings,
    messages: state.messages,
    kind: state.kind,
    schemaVersion: selection.set.version,
    ...(selection.note ? { note: selection.note } : {}),
  };
}

async function assertReadableFile(path: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ClideError(
      'io',
      code === 'ENOENT' ? `file not found: ${path}` : `cannot read ${path} (${code})`,
      {
        where: path,
        hint: 'pass a JSONL capture of the CLI stdout or a clide fixture',
        cause: error,
      },
    );
  }
  if (!info.isFile()) {
    throw new ClideError('io', `not a regular file: ${path}`, {
      where: path,
      hint: 'pass a file, not a directory',
    });
  }
}

class FileValidation {
  readonly findings: Finding[] = [];
  messages = 0;
  kind: 'plain' | 'fixture' = 'plain';
  selection: SchemaSelection;
  private first = true;
  private readonly tracker = new ControlTracker();
  private readonly adapter: FixtureAdapter;

  constructor(
    private readonly file: string,
    private readonly options: ValidateFileOptions,
  ) {
    this.adapter = options.fixtureAdapter ?? defaultFixtureAdapter;
    this.selection = schemaSetFor(options.version ?? packageInfo().pinned);
  }

  frame(frame: Frame): void {
    const location = { file: this.file, line: frame.line };
    if (!frame.ok) {
      this.first = false;
      this.nonJson(frame.raw, frame.error, location);
      return;
    }
    if (this.first) {
      this.first = false;
      if (isFixtureHeader(frame.value)) {
        this.kind = 'fixture';
        const recorded = fixtureHeaderVersion(frame.value);
        if (this.options.version === undefined && recorded !== undefined)
          this.selection = schemaSetFor(recorded);
        return;
      }
    }
    if (this.kind === 'plain') {
      this.check(frame.value, this.options.direction ?? 'from-cli', location);
      return;
    }
    // SEAM(fixture): the adapter says what a fixture line carries.
    const mapped = this.adapter.frame(frame.value);
    const at =
      'frame' in mapped && mapped.frame !== undefined ? { ...location, frame: mapped.frame } : location;
    switch (mapped.kind) {
      case 'skip':
        return;
      case 'invalid':
        this.findings.push({
          code: 'fixture/invalid-frame',
          severity: 'breaking',
          message: mapped.reason,
          path: [],
          location: at,
        });
        return;
      case 'non-json':
        this.nonJson(mapped.raw, `a ${mapped.direction} line`, at);
        return;
      case 'message':
        this.check(mapped.message, mapped.direction, at);
        return;
    }
  }

  private nonJson(raw: string, why: string, location: FindingLocation): void {
    this.findings.push({
      code: 'wire/non-json-line',
      severity: 'breaking',
      message: `line ${location.line} is not JSON (${why})`,
      path: [],
      expected: 'one JSON object per line',
      actual: raw.length > 120 ? `${raw.slice(0, 117)}...` : raw,
      location,
    });
  }

  private check(message: unknown, direction: Direction, location: FindingLocation): void {
    this.messages += 1;
    this.findings.push(
      ...validateMessage(message, {
        direction,
        schemaSet: this.selection.set,
        tracker: this.tracker,
        location,
      }),
    );
  }
}
