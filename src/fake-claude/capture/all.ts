import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';
import { behaviourOf } from '../behaviour/index.js';
import { captureBashPermission } from './bash-permission.js';
import { writeControlReplies } from './control-replies.js';
import { behaviourDataDir, readCapturedData } from './data-dir.js';
import { captureBehaviourData } from './index.js';
import { writeMessageKinds } from './message-kinds.js';
import { writeModelSideData } from './model-side.js';
import { captureSessionState } from './session-state.js';
import { captureStructuredOutput } from './structured-output.js';
import { captureUsage } from './usage.js';
import { writeVersionRegistries } from './version-registries.js';

/**
 * Every piece of the fake's data for one version, captured from its real binary in the order they
 * depend on each other (the behaviour data first: the model side reads the models it lists). A step
 * that fails is reported with what it was; the others still run, and nothing a failed step would
 * have written is left half-written (each step writes its file whole, at its end).
 */

export interface FakeDataStep {
  /** What the step captures (`behaviour`, `model side`, …). */
  name: string;
  /** The files it wrote (absolute paths). */
  files: string[];
  /** Why it failed, when it did. */
  error?: string;
}

function writeJson(dir: string, version: string, data: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${version}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** The session-state data of `version` (scripted/session-state/data/<version>.json). */
export async function writeSessionState(version: string, binary: string): Promise<string> {
  const dir = join(packageInfo().root, 'src/fake-claude/scripted/session-state/data');
  return writeJson(dir, version, await captureSessionState(binary));
}

/** The structured-output data of `version` (scripted/structured-output/data/<version>.json). */
export async function writeStructuredOutput(version: string, binary: string): Promise<string> {
  const dir = join(packageInfo().root, 'src/fake-claude/scripted/structured-output/data');
  return writeJson(dir, version, await captureStructuredOutput(binary));
}

/** The Bash permission data of `version` (scripted/bash-permission/data/<version>.json). */
export async function writeBashPermission(
  version: string,
  binary: string,
  onProgress?: (line: string) => void,
): Promise<string> {
  const dir = join(packageInfo().root, 'src/fake-claude/scripted/bash-permission/data');
  return writeJson(dir, version, await captureBashPermission(binary, onProgress ? { onProgress } : {}));
}

/** The usage data of `version` (usage/data/<version>.json): prices, the context estimates' constants. */
export async function writeUsage(version: string, binary: string): Promise<string> {
  const dir = join(packageInfo().root, 'src/fake-claude/usage/data');
  return writeJson(dir, version, await captureUsage(version, binary, listedModels(version)));
}

/** The `--model` values `version` lists (its captured initialize reply), but `default`. */
export function listedModels(version: string): string[] {
  const file = join(behaviourDataDir(), version, 'initialize.json');
  const initialize = JSON.parse(readFileSync(file, 'utf8')) as { models?: Array<{ value?: unknown }> };
  return (initialize.models ?? []).map((m) => String(m.value)).filter((m) => m !== 'default');
}

/** The model-side data of `version` (its default model's and every listed model's requests). */
export async function writeModelSide(version: string, binary: string): Promise<string> {
  // From the files the behaviour step wrote: a version being pinned is not in the built registry yet.
  const behaviour = behaviourOf(version, readCapturedData(version));
  const model = behaviour.apiModelFor(behaviour.defaultModelFor('api-key'));
  return writeModelSideData(version, binary, model, listedModels(version));
}

/** Runs every capture for `version` from `binary`; see `FakeDataStep` for what each reports. */
export async function captureFakeData(
  version: string,
  binary: string,
  onProgress: (line: string) => void = () => {},
): Promise<FakeDataStep[]> {
  const steps: Array<[string, () => Promise<string[]>]> = [
    [
      'behaviour',
      async () => (await captureBehaviourData({ version, binaryPath: binary, onProgress })).files,
    ],
    ['model side', async () => [await writeModelSide(version, binary)]],
    ['control replies', async () => [await writeControlReplies(version, binary)]],
    ['message kinds', async () => [await writeMessageKinds(version, binary)]],
    ['session state', async () => [await writeSessionState(version, binary)]],
    ['structured output', async () => [await writeStructuredOutput(version, binary)]],
    ['bash permission', async () => [await writeBashPermission(version, binary, onProgress)]],
    ['usage', async () => [await writeUsage(version, binary)]],
  ];
  const out: FakeDataStep[] = [];
  for (const [name, step] of steps) {
    onProgress(`capturing the fake's ${name} data of claude ${version}`);
    try {
      out.push({ name, files: await step() });
    } catch (error) {
      const message = error instanceof ClideError || error instanceof Error ? error.message : String(error);
      out.push({ name, files: [], error: message });
    }
  }
  // The folders' registries list the version (a generated index.ts each; nothing to edit by hand).
  out.push({ name: 'version registries', files: writeVersionRegistries() });
  // The checkout's formatter over everything written, so `biome check` stays quiet on it (the model
  // side's and the control replies' JSON are written unformatted).
  const biome = join(packageInfo().root, 'node_modules', '.bin', 'biome');
  const written = out.flatMap((step) => step.files);
  if (existsSync(biome) && written.length > 0)
    await execa(biome, ['format', '--write', ...written], { cwd: packageInfo().root, reject: false });
  return out;
}
