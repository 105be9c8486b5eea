import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import { ClideError } from '../src/errors/index.js';
import { createFixtureWriter } from '../src/fixture/index.js';
import { pathSlug } from '../src/redact/index.js';
import { isRecord } from '../src/util/json.js';

/** One protocol message of the recorded corpus, with the side that sent it. */
export interface CorpusMessage {
  dir: 'from-cli' | 'to-cli';
  msg: Record<string, unknown>;
  /** Its JSONL encoding (no newline). */
  line: string;
}

type Json = Record<string, unknown>;

/**
 * The recorded corpus of the pinned CLI: every message frame of `fixtures/<pinned>/*.jsonl` and
 * every stdout line of `test/data/<pinned>/*.stdout.jsonl`, in file order.
 */
export function loadCorpus(root = packageInfo().root, version = packageInfo().pinned): CorpusMessage[] {
  const out: CorpusMessage[] = [];
  const fixtures = join(root, 'fixtures', version);
  const data = join(root, 'test', 'data', version);
  for (const file of listJsonl(fixtures)) {
    for (const text of lines(join(fixtures, file))) {
      const record = JSON.parse(text) as Json;
      if (record.kind !== 'frame' || !isRecord(record.msg)) continue;
      if (record.dir !== 'from-cli' && record.dir !== 'to-cli') continue;
      out.push({ dir: record.dir, msg: record.msg, line: JSON.stringify(record.msg) });
    }
  }
  for (const file of listJsonl(data).filter((f) => f.endsWith('.stdout.jsonl'))) {
    for (const text of lines(join(data, file))) {
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        continue;
      }
      if (isRecord(msg)) out.push({ dir: 'from-cli', msg, line: JSON.stringify(msg) });
    }
  }
  if (out.length === 0) {
    throw new ClideError('io', 'the recorded corpus is empty', {
      where: fixtures,
      hint: 'run the benchmark from a checkout of clide-conformance (fixtures/ and test/data/ are committed)',
    });
  }
  return out;
}

function listJsonl(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort();
  } catch {
    return [];
  }
}

function lines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

/** `n` messages: the corpus repeated (and cut) to size. */
export function repeatTo<T>(items: readonly T[], n: number): T[] {
  if (items.length === 0) return [];
  const out = new Array<T>(n);
  for (let i = 0; i < n; i += 1) out[i] = items[i % items.length]!;
  return out;
}

/**
 * The CLI's output messages a long session is made of, fit to be replayed in any order without a
 * client answer: assistant and tool-result messages, stream events, status and rate-limit events.
 * Left out: control traffic (it needs the client), `result` and `system/init` (placed once each),
 * and tool results that would make the replayer write files (Write/Edit effects).
 */
export function streamBody(corpus: readonly CorpusMessage[]): CorpusMessage[] {
  const body = corpus.filter((m) => {
    if (m.dir !== 'from-cli') return false;
    const type = m.msg.type;
    if (type === 'user') return !(isRecord(m.msg.tool_use_result) && 'filePath' in m.msg.tool_use_result);
    if (type === 'system') return m.msg.subtype === 'status';
    return type === 'assistant' || type === 'stream_event' || type === 'rate_limit_event';
  });
  if (body.length === 0) throw new ClideError('internal', 'the corpus has no replayable stream messages');
  return body;
}

function firstOf(corpus: readonly CorpusMessage[], pick: (m: Json) => boolean, what: string): Json {
  const found = corpus.find((m) => m.dir === 'from-cli' && pick(m.msg));
  if (!found) throw new ClideError('internal', `the corpus has no ${what} message`);
  return found.msg;
}

/** The client's one message of a generated session. */
export const BENCH_PROMPT = { type: 'user', message: { role: 'user', content: 'run the benchmark session' } };

/**
 * Writes a replayable fixture of exactly `frames` frames (≥ 3) with the kit's fixture writer: the
 * client's prompt, `system/init`, `frames - 3` stream messages from the corpus in turn, `result`.
 * Returns the file size in bytes.
 */
export function writeSessionFixture(path: string, frames: number, corpus: readonly CorpusMessage[]): number {
  if (frames < 3) throw new ClideError('usage', `a generated session needs at least 3 frames, not ${frames}`);
  const body = streamBody(corpus);
  const init = firstOf(corpus, (m) => m.type === 'system' && m.subtype === 'init', 'system/init');
  const result = firstOf(corpus, (m) => m.type === 'result' && m.subtype === 'success', 'result/success');
  const writer = createFixtureWriter(
    path,
    {
      argv: ['claude', '-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
    },
    { fsync: 'never' },
  );
  writer.frame('to-cli', { msg: BENCH_PROMPT }, 0);
  writer.frame('from-cli', { msg: init }, 1);
  for (let i = 0; i < frames - 3; i += 1)
    writer.frame('from-cli', { msg: body[i % body.length]!.msg }, i + 2);
  writer.frame('from-cli', { msg: result }, frames - 1);
  writer.close({ complete: true, exitCode: 0, durationMs: frames });
  return statSync(path).size;
}

/**
 * The JSONL lines of a proxied session (both directions, in corpus order), with the machine
 * placeholders of the recorded corpus turned back into real paths and, every 50th line, an
 * Anthropic-key-shaped string, so the recorder's redaction has real work to do.
 */
export function proxiedLines(
  corpus: readonly CorpusMessage[],
  paths: { home: string; cwd: string },
): string[] {
  return corpus.map((m, i) => {
    let line = m.line
      .replaceAll('$CWD_SLUG', pathSlug(paths.cwd))
      .replaceAll('$HOME_SLUG', pathSlug(paths.home))
      .replaceAll('$CWD', paths.cwd)
      .replaceAll('$HOME', paths.home);
    if (i % 50 === 0) {
      const msg = JSON.parse(line) as Json;
      msg.bench_note = `token sk-ant-api03-benchAbCdEf0123456789 in ${paths.cwd}/notes.txt`;
      line = JSON.stringify(msg);
    }
    return line;
  });
}
