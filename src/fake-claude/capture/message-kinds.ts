import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';
import { SCENARIOS } from '../../scenarios/catalogue/index.js';
import { runScenario, type ScenarioRun } from '../../scenarios/run-scenario.js';
import { isRecord } from '../../util/json.js';
import type { MessageKindsData } from '../scripted/message-kinds/types.js';
import { compactionData } from './message-kinds-compaction.js';
import { subagentData } from './message-kinds-subagent.js';
import { promptSuggestionData } from './message-kinds-suggestion.js';
import { sandboxRootOf } from './templated.js';

type Json = Record<string, unknown>;

/**
 * Captures what a real claude binary emits for the message kinds the fake produces beyond a plain
 * turn, by running their catalogue scenarios against it (a sandbox, the scripted Messages API) and
 * turning what it emitted into templates (src/fake-claude/scripted/message-kinds/types.ts):
 *
 * - `subagent/task-messages`: a foreground subagent's task messages, its nested messages, the
 *   Agent tool's result, how the task messages count tokens, and the subagent's requests, and
 *   (`subagent/api-retry`) the tool_progress of its retried request;
 * - `compaction/manual`: `/compact` — the summary request's instructions, the messages around the
 *   boundary, the result's fields, how `post_tokens` is counted, the conversation after it;
 * - `prompt-suggestion/after-turn`: the suggestion request's instructions and `prompt_suggestion`.
 */
export async function captureMessageKinds(version: string, binary: string): Promise<MessageKindsData> {
  const subagent = await run('subagent/task-messages', version, binary);
  const retry = await run('subagent/api-retry', version, binary);
  const compaction = await run('compaction/manual', version, binary);
  const suggestion = await run('prompt-suggestion/after-turn', version, binary);
  return {
    version,
    subagent: subagentData(subagent.messages, subagent.run.modelRequests, subagent.root, version, retry),
    compaction: compactionData(compaction.messages, compaction.run.modelRequests, compaction.root),
    promptSuggestion: promptSuggestionData(
      suggestion.messages,
      suggestion.run.modelRequests,
      suggestion.root,
    ),
  };
}

/** Runs a catalogue scenario against the binary (once more if a starved run failed); its messages. */
async function run(
  id: string,
  version: string,
  binary: string,
): Promise<{ run: ScenarioRun; messages: Json[]; root: string }> {
  const scenario = SCENARIOS.find((s) => s.id === id);
  if (!scenario) throw new ClideError('io', `no catalogue scenario ${id}`);
  let last: ScenarioRun | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    last = await runScenario(scenario, { binary, cliVersion: version });
    if (last.passed) break;
  }
  if (!last?.passed) {
    throw new ClideError('io', `capturing ${id} from ${binary} failed`, {
      where: binary,
      hint: (last?.findings ?? []).map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  }
  const messages = last.transcript.frames
    .filter((f) => f.dir === 'from-cli' && isRecord(f.msg))
    .map((f) => f.msg as Json);
  const init = messages.find((m) => m.type === 'system' && m.subtype === 'init');
  return { run: last, messages, root: sandboxRootOf(String(init?.cwd ?? '')) };
}

/** Where the fake keeps a version's captured message kinds. */
export function messageKindsDataDir(): string {
  return join(packageInfo().root, 'src/fake-claude/scripted/message-kinds/data');
}

/** Captures and writes `src/fake-claude/scripted/message-kinds/data/<version>.json`; returns its path. */
export async function writeMessageKinds(version: string, binary: string): Promise<string> {
  const data = await captureMessageKinds(version, binary);
  const dir = messageKindsDataDir();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${version}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  // The checkout's formatter, so `biome check` stays quiet on the generated file.
  const biome = join(packageInfo().root, 'node_modules', '.bin', 'biome');
  if (existsSync(biome))
    await execa(biome, ['format', '--write', file], { cwd: packageInfo().root, reject: false });
  return file;
}
