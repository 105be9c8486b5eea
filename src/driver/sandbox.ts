import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway world for one CLI run: its own HOME, cwd and config dir. */
export interface Sandbox {
  /** Root folder holding everything below. */
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  /** `CLAUDE_CONFIG_DIR`, inside `home`. */
  readonly configDir: string;
  /** Removes the whole sandbox (idempotent). */
  dispose(): void;
}

export interface SandboxOptions {
  /** Parent folder; defaults to the OS temp dir. */
  parent?: string;
  /** Keep the files after `dispose()` (for debugging). */
  keep?: boolean;
}

/** Sandboxes of this process not disposed yet (those kept for debugging excepted). */
const live = new Set<Sandbox>();
let hooked = false;

/**
 * Removes every sandbox this process made that is still on disk. An interrupted command calls it
 * after its CLIs are stopped; it also runs when the process exits, so none outlives it.
 */
export function disposeLiveSandboxes(): void {
  for (const sandbox of [...live]) sandbox.dispose();
}

/** Roots of the sandboxes still on disk (for tests). */
export function liveSandboxes(): string[] {
  return [...live].map((s) => s.root);
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const root = mkdtempSync(join(options.parent ?? tmpdir(), 'clide-sandbox-'));
  const home = join(root, 'home');
  const cwd = join(root, 'work');
  const configDir = join(home, '.claude');
  for (const dir of [home, cwd, configDir]) mkdirSync(dir, { recursive: true });
  let disposed = false;
  const sandbox: Sandbox = {
    root,
    home,
    cwd,
    configDir,
    dispose() {
      if (disposed || options.keep) return;
      disposed = true;
      live.delete(sandbox);
      rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  if (!options.keep) {
    live.add(sandbox);
    if (!hooked) {
      hooked = true;
      process.once('exit', disposeLiveSandboxes);
    }
  }
  return sandbox;
}

/** Parent variables a sandboxed CLI may see. Everything else (keys, tokens, proxies) is dropped. */
export const ENV_ALLOW_LIST = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TERM', 'SYSTEMROOT'] as const;

/** Where an offline CLI without a model API is pointed: the loopback discard port, which refuses. */
export const OFFLINE_BASE_URL = 'http://127.0.0.1:9';

/** Dummy key handed to the CLI when it talks to the scripted model API. Never a real secret. */
export const DUMMY_API_KEY = 'sk-ant-clide-offline-dummy-key';

export interface SandboxEnvOptions {
  sandbox: Sandbox;
  /** Base URL of the model API (the scripted one, offline). Required unless `live`. */
  modelApiUrl?: string;
  /**
   * Live tier: the user's real credentials (ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN /
   * CLAUDE_CODE_OAUTH_TOKEN) are passed through and the real API is used. Costs money.
   */
  live?: boolean;
  /** Extra variables, applied last. */
  extra?: Record<string, string | undefined>;
  /** The parent environment to draw the allow-list from (defaults to `process.env`). */
  parentEnv?: NodeJS.ProcessEnv;
}

/** Builds the complete environment of a sandboxed CLI from an allow-list, never from the parent wholesale. */
export function sandboxEnv(options: SandboxEnvOptions): Record<string, string> {
  const parent = options.parentEnv ?? process.env;
  const env: Record<string, string> = {};
  for (const name of ENV_ALLOW_LIST) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  env.HOME = options.sandbox.home;
  env.USERPROFILE = options.sandbox.home;
  env.CLAUDE_CONFIG_DIR = options.sandbox.configDir;
  env.TMPDIR = options.sandbox.root;
  env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC = '1';
  env.DISABLE_AUTOUPDATER = '1';
  if (options.live) {
    for (const name of [
      'ANTHROPIC_API_KEY',
      'ANTHROPIC_AUTH_TOKEN',
      'CLAUDE_CODE_OAUTH_TOKEN',
      'ANTHROPIC_BASE_URL',
    ]) {
      const value = parent[name];
      if (value !== undefined) env[name] = value;
    }
  } else {
    // Offline means offline: without a model API the CLI gets a closed loopback port, never its default host.
    env.ANTHROPIC_BASE_URL = options.modelApiUrl ?? OFFLINE_BASE_URL;
    env.ANTHROPIC_API_KEY = DUMMY_API_KEY;
  }
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
