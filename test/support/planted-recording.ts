import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll } from 'vitest';
import { encodedForms } from '../../src/redact/index.js';

/**
 * Records a scripted session through the real `clide-record`, with a stand-in CLI that prints
 * exactly what a test asks for (stdout messages, stderr text, each in a write of its own, so a
 * "split" secret reaches the recorder in pieces), and reads back everything the recording left on
 * disk: the text of each file and what a reader of the fixture sees when it joins each content
 * block's deltas and the stderr lines.
 */
export const RECORDER = fileURLToPath(new URL('../../bin/clide-record', import.meta.url));

/** One write of the stand-in: a stdout message (one JSON line) or stderr text as it is. */
export type Step = { out: unknown } | { err: string };

export interface RunOutcome {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
}

export interface PlantedRun {
  run: RunOutcome;
  dir: string;
  out: string;
  /** Every file the recording left in `dir` (the fixture, a quarantine, …), by name. */
  files: Record<string, string>;
}

export interface PlantOptions {
  steps: Step[];
  args?: string[];
  env?: Record<string, string>;
}

/** The stand-in CLI: reads its script from the file named by PLANT_SCRIPT (never from stdin). */
const STAND_IN = `#!/usr/bin/env node
import { readFileSync } from 'node:fs';
const steps = JSON.parse(readFileSync(process.env.PLANT_SCRIPT, 'utf8'));
const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
for (const step of steps) {
  if ('out' in step) process.stdout.write(JSON.stringify(step.out) + '\\n');
  else process.stderr.write(step.err);
  await pause();
}
`;

/** The folders of this file's recordings, removed when the test file ends. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export async function recordPlanted(options: PlantOptions): Promise<PlantedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'clide-planted-'));
  made.push(dir);
  const cli = join(dir, 'stand-in.mjs');
  writeFileSync(cli, STAND_IN, { mode: 0o755 });
  const scriptFile = join(dir, 'script.json');
  writeFileSync(scriptFile, JSON.stringify(options.steps));
  const out = join(dir, 'session.jsonl');
  const run = await execa(RECORDER, options.args ?? [], {
    input: '',
    reject: false,
    extendEnv: false,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      CLIDE_REAL_CLAUDE: cli,
      CLIDE_RECORD_OUT: out,
      PLANT_SCRIPT: scriptFile,
      ...options.env,
    },
  });
  return {
    run: { exitCode: run.exitCode, stdout: String(run.stdout), stderr: String(run.stderr) },
    dir,
    out,
    files: recordedFiles(dir),
  };
}

/** The files a recording can leave in `dir` (the stand-in and its script are not among them). */
export function recordedFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    if (name === 'stand-in.mjs' || name === 'script.json') continue;
    files[name] = readFileSync(join(dir, name), 'utf8');
  }
  return files;
}

/** Every form in which `secret` must not be on disk. */
export function secretForms(secret: string): string[] {
  return [
    ...encodedForms(secret),
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(JSON.stringify(secret)).slice(1, -1),
  ];
}

/**
 * What a reader of a fixture file sees beyond its lines: the text of each content block's deltas
 * joined (text, thinking, tool input JSON, per parent and block index) and the stderr lines joined.
 */
export function joinedViews(fixtureText: string): string[] {
  const blocks = new Map<string, string>();
  const stderr: string[] = [];
  for (const line of fixtureText.split('\n')) {
    let record: { kind?: string; dir?: string; raw?: string; msg?: Record<string, unknown> };
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (record.kind !== 'frame') continue;
    if (record.dir === 'stderr' && typeof record.raw === 'string') stderr.push(record.raw);
    const msg = record.msg;
    if (msg?.type !== 'stream_event') continue;
    const event = msg.event as { type?: string; index?: number; delta?: Record<string, unknown> };
    if (event?.type !== 'content_block_delta' || !event.delta) continue;
    const piece = event.delta.text ?? event.delta.partial_json ?? event.delta.thinking;
    if (typeof piece !== 'string') continue;
    const key = `${String(msg.parent_tool_use_id)}/${String(event.index)}`;
    blocks.set(key, (blocks.get(key) ?? '') + piece);
  }
  return [...blocks.values(), stderr.join('\n')];
}

/** The secrets (named by case) found on disk: in a file's text or in a fixture's joined views. */
export function secretsOnDisk(
  files: Record<string, string>,
  secrets: ReadonlyArray<readonly [string, string]>,
): string[] {
  const found: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const views = [text, ...joinedViews(text)];
    for (const [label, secret] of secrets) {
      for (const form of secretForms(secret)) {
        if (views.some((view) => view.includes(form))) found.push(`${label} in ${name}: ${form}`);
      }
    }
  }
  return found;
}

export function fileExists(path: string): boolean {
  return existsSync(path);
}

/** A stream_event carrying one delta of content block `index`. */
export function deltaEvent(
  index: number,
  delta: { type: 'text_delta'; text: string } | { type: 'input_json_delta'; partial_json: string },
): unknown {
  return {
    type: 'stream_event',
    event: { type: 'content_block_delta', index, delta },
    session_id: 'sess-planted',
    parent_tool_use_id: null,
    uuid: '00000000-0000-4000-8000-000000000001',
  };
}

/** `text` cut at `cuts` (sorted positions inside it) into pieces. */
export function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < text.length))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let last = 0;
  for (const p of points) {
    pieces.push(text.slice(last, p));
    last = p;
  }
  pieces.push(text.slice(last));
  return pieces;
}
