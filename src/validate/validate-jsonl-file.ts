/**
 * Validates a file line by line, streaming through `JsonlFramer` (memory stays flat for
 * captures of any size). Two inputs:
 *   - a plain JSONL capture of CLI stdout: every line is a `from-cli` message (or whatever
 *     `options.direction` says);
 *   - a clide fixture (first line is a header with `"format": "clide-fixture/…"`): each frame is
 *     validated with its own direction. SEAM(fixture): see `fixture-seam.ts`.
 * Every finding carries `location.file` and `location.line`.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { type SchemaSelection, schemaSetFor } from '../../schemas/registry.js';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import type { Finding, FindingLocation } from '../findings/index.js';
import { LinesDigest } from '../fixture/digest.js';
import { refuseUnscanned } from '../fixture/index.js';
import { type Frame, JsonlFramer } from '../protocol/jsonl-framer.js';
import { MAX_LINE_BYTES } from '../protocol/line-limit.js';
import { openRegularFile } from '../util/regular-file.js';
import { ControlTracker } from './control-tracker.js';
import {
  defaultFixtureAdapter,
  type FixtureAdapter,
  fixtureHeaderVersion,
  isFixtureHeader,
} from './fixture-seam.js';
import { invalidUtf8Finding, Utf8Checker } from './utf8-check.js';
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
  const fd = openReadable(path);
  const state = new FileValidation(path, options);
  // A line over the limit is a finding, and the lines after it are read as ever.
  const framer = new JsonlFramer({ maxLineBytes: MAX_LINE_BYTES });
  const utf8 = new Utf8Checker();
  try {
    for await (const chunk of createReadStream(path, { fd })) {
      state.bytes += (chunk as Buffer).length;
      for (const bad of utf8.push(chunk as Buffer)) state.findings.push(invalidUtf8Finding(bad, path));
      for (const frame of framer.push(chunk as Buffer)) state.frame(frame);
    }
    for (const bad of utf8.end()) state.findings.push(invalidUtf8Finding(bad, path));
  } catch (error) {
    if (error instanceof ClideError) throw error;
    throw new ClideError('io', `cannot read ${path}: ${(error as Error).message}`, {
      where: path,
      cause: error,
    });
  }
  state.atEnd = true;
  for (const frame of framer.end()) state.frame(frame);
  state.end();
  await checkDigest(path, state);
  const selection = state.selection;
  return {
    findings: state.findings,
    messages: state.messages,
    kind: state.kind,
    schemaVersion: selection.set.version,
    ...(selection.note ? { note: selection.note } : {}),
  };
}

/** The file open for reading: a regular file only (a FIFO or a device is refused, never waited on). */
function openReadable(path: string): number {
  try {
    return openRegularFile(path, { hint: 'pass a JSONL capture of the CLI stdout or a clide fixture' }).fd;
  } catch (error) {
    if (error instanceof ClideError) throw error;
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
}

class FileValidation {
  readonly findings: Finding[] = [];
  messages = 0;
  kind: 'plain' | 'fixture' = 'plain';
  selection: SchemaSelection;
  /** Bytes read: a file of 0 bytes is neither a fixture nor a capture. */
  bytes = 0;
  /** Set before the last line, when it had no newline, is given. */
  atEnd = false;
  private first = true;
  private trailer = false;
  /** The trailer's digest (`clide-fixture/2`) and its line. */
  trailerDigest: { value: string; line: number } | undefined;
  private frames = 0;
  private cutTail: { line: number; bytes: number } | undefined;
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
    if (!frame.ok && frame.tooLong !== undefined) {
      this.first = false;
      this.tooLong(frame.tooLong, location);
      return;
    }
    if (this.first) this.refuseHeaderless(frame);
    if (!frame.ok && this.kind === 'fixture' && this.atEnd) {
      // The writer ends every line with a newline: a last unparsable line without one was cut mid-write.
      this.cutTail = { line: frame.line, bytes: Buffer.byteLength(frame.raw) };
      return;
    }
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
    const record = frame.value as { kind?: unknown } | null;
    if (record?.kind === 'trailer') {
      this.trailer = true;
      const digest = (record as { digest?: unknown }).digest;
      if (typeof digest === 'string') this.trailerDigest = { value: digest, line: frame.line };
    }
    if (record?.kind === 'frame') this.frames += 1;
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

  /**
   * The first line decides what the file is. A fixture record that is not a header, or a header
   * cut short, is a fixture without its header: refused, like the fixture reader refuses it.
   */
  private refuseHeaderless(frame: Frame): void {
    const where = `${this.file}:${frame.line}`;
    const hint =
      'record the session again; a fixture starts with {"kind":"header","format":"clide-fixture/N",…}';
    if (!frame.ok && /^\s*\{\s*"kind"\s*:\s*"header"/.test(frame.raw)) {
      throw new ClideError('fixture', 'not a fixture: its header line is cut short', { where, hint });
    }
    if (!frame.ok) return;
    const kind = (frame.value as { kind?: unknown } | null)?.kind;
    if ((kind === 'frame' || kind === 'trailer') && !isFixtureHeader(frame.value)) {
      throw new ClideError('fixture', `no header line: the first line is a fixture ${kind}`, { where, hint });
    }
  }

  /**
   * After the last line: an empty file (0 bytes: what a recorder killed before its header leaves)
   * is an error; a fixture without its trailer was cut. A file of blank lines stays a capture of
   * nothing (the real CLI prints nothing for some inputs).
   */
  end(): void {
    if (this.bytes === 0) {
      throw new ClideError(
        'fixture',
        'empty file (0 bytes): neither a fixture (no header line) nor a capture',
        {
          where: this.file,
          hint: 'a recorder killed before it wrote its header leaves an empty file: record the session again',
        },
      );
    }
    if (this.kind !== 'fixture' || this.trailer) return;
    const tail = this.cutTail
      ? `; its last line (line ${this.cutTail.line}, ${this.cutTail.bytes} bytes) was cut mid-write and is left out`
      : '';
    this.findings.push({
      code: 'fixture/cut',
      severity: 'changed',
      message: `the recording was cut at frame ${this.frames}: it has no trailer (the recorder stopped before the session ended)${tail}`,
      path: [],
      location: { file: this.file, ...(this.cutTail ? { line: this.cutTail.line } : {}), frame: this.frames },
    });
  }

  private tooLong(bytes: number, location: FindingLocation): void {
    this.findings.push({
      code: 'wire/line-too-long',
      severity: 'breaking',
      message: `line ${location.line} is ${bytes} bytes long, over the ${MAX_LINE_BYTES} a line may have: it is not read`,
      path: [],
      expected: `a line of at most ${MAX_LINE_BYTES} bytes`,
      actual: `${bytes} bytes`,
      location,
    });
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

/** How far from the end of the file the trailer line is looked for (a trailer is a few hundred bytes). */
const TRAILER_SEARCH_BYTES = 64 * 1024;

/**
 * A `clide-fixture/2` trailer's digest against the bytes before it: a mismatch means the lines are
 * not the ones the writer wrote (edited or damaged since), which a replay then checks line by line.
 * The trailer is the file's last line, as the writer ends a file; when it is not, what the digest
 * covers cannot be told, and that is a finding too.
 */
async function checkDigest(path: string, state: FileValidation): Promise<void> {
  const trailer = state.trailerDigest;
  if (trailer === undefined) return;
  const size = state.bytes;
  const tailLength = Math.min(size, TRAILER_SEARCH_BYTES);
  const tail = Buffer.alloc(tailLength);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, tail, 0, tailLength, size - tailLength);
  } finally {
    closeSync(fd);
  }
  const end = tail[tail.length - 1] === 0x0a ? tail.length - 1 : tail.length;
  const lineStart = tail.lastIndexOf(0x0a, end - 1) + 1;
  const at = size - tailLength + lineStart;
  const located =
    (lineStart > 0 || tailLength === size) &&
    tail.subarray(lineStart, lineStart + 18).toString('latin1') === '{"kind":"trailer",';
  let actual = 'not computed: the trailer is not the last line of the file';
  if (located) {
    const digest = new LinesDigest();
    if (at > 0) {
      for await (const chunk of createReadStream(path, { start: 0, end: at - 1 }))
        digest.update(chunk as Buffer);
    }
    actual = digest.value();
    if (actual === trailer.value) return;
  }
  state.findings.push({
    code: 'fixture/digest-mismatch',
    severity: 'changed',
    message: located
      ? "the lines before the trailer are not the ones its writer wrote (their digest differs from the trailer's): the fixture was edited or damaged after it was recorded, and a replay checks it line by line"
      : 'the trailer is not the last line, so its digest cannot be checked: the fixture was edited after it was recorded, and a replay checks it line by line',
    path: ['digest'],
    expected: trailer.value,
    actual,
    location: { file: path, line: trailer.line },
  });
}
