import type { CliBehaviour } from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import type { FakeIo } from '../io.js';
import { ScriptedEngine } from './engine.js';
import { httpSource, type ModelSource, scriptSource } from './model-source.js';

export type { EngineOptions } from './engine.js';
export { killedExitCode, ScriptedEngine } from './engine.js';
export type { HttpSourceOptions, ModelResponse, ModelSource } from './model-source.js';
export { httpSource, logRequest, scriptSource, sseEvents } from './model-source.js';
export type { StoredMessage } from './session-store.js';
export { SessionStore, transcriptPath } from './session-store.js';

export interface RunScriptedOptions {
  mode: { scenario?: string; baseUrl?: string };
  flags: FakeFlags;
  behaviour: CliBehaviour;
  io: FakeIo;
  env: Record<string, string | undefined>;
  cwd: string;
  pid: number;
  /** Aborted when the session is killed (see `EngineOptions.killed`). */
  killed?: AbortSignal;
}

/** Scripted mode: the model script (zod-validated, loaded lazily) or the Messages API drives the turns. */
export async function runScripted(options: RunScriptedOptions): Promise<number> {
  const { mode, env, behaviour } = options;
  let sourceFor: () => Promise<ModelSource>;
  if (mode.scenario) {
    // Validated at start-up, so a broken script fails before the first turn: checked without zod,
    // which (with the model script's schema) is loaded only to say what is wrong with a broken one.
    const { asModelScript, readModelScriptJson } = await import('../../model-api/model-script-check.js');
    const value = readModelScriptJson(mode.scenario);
    const script =
      asModelScript(value) ??
      (await import('../../model-api/model-script.js')).parseModelScript(value, mode.scenario);
    const played = scriptSource(script);
    sourceFor = async () => played;
  } else {
    sourceFor = async () =>
      httpSource({
        baseUrl: mode.baseUrl ?? '',
        headers: behaviour.apiHeaders(),
        apiKey: env.ANTHROPIC_API_KEY,
        authToken:
          env.ANTHROPIC_AUTH_TOKEN ?? (env.ANTHROPIC_API_KEY ? undefined : env.CLAUDE_CODE_OAUTH_TOKEN),
        sessionId: () => engine.currentSessionId,
      });
  }
  const engine: ScriptedEngine = new ScriptedEngine({ ...options, source: sourceFor });
  return engine.run();
}
