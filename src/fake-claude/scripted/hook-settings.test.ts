import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCommandHooks, matchesHook } from './hook-settings.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A cwd and config dir whose user, project and local settings each hold one Stop command hook. */
function sandbox(): { cwd: string; configDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'clide-hook-settings-'));
  dirs.push(root);
  const cwd = join(root, 'work');
  const configDir = join(root, 'home', '.claude');
  mkdirSync(join(cwd, '.claude'), { recursive: true });
  mkdirSync(configDir, { recursive: true });
  const stop = (command: string) =>
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } });
  writeFileSync(join(configDir, 'settings.json'), stop('echo user'));
  writeFileSync(join(cwd, '.claude', 'settings.json'), stop('echo project'));
  writeFileSync(join(cwd, '.claude', 'settings.local.json'), stop('echo local'));
  return { cwd, configDir };
}

const commands = (table: ReturnType<typeof loadCommandHooks>, event: string) =>
  (table[event] ?? []).flatMap((g) => g.hooks.map((h) => h.command));

describe('the command hooks of the settings', () => {
  it('come from the user, project and local settings, in that order, then --settings', () => {
    const { cwd, configDir } = sandbox();
    const settings = JSON.stringify({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo flag', timeout: 5 }] }] },
    });
    const table = loadCommandHooks({ cwd, configDir, settings });
    expect(commands(table, 'Stop')).toEqual(['echo user', 'echo project', 'echo local', 'echo flag']);
    expect(table.Stop?.[3]?.hooks[0]?.timeoutS).toBe(5);
  });

  it('only from the sources --setting-sources names (none for an empty list)', () => {
    const { cwd, configDir } = sandbox();
    expect(commands(loadCommandHooks({ cwd, configDir, settingSources: 'project' }), 'Stop')).toEqual([
      'echo project',
    ]);
    expect(commands(loadCommandHooks({ cwd, configDir, settingSources: '' }), 'Stop')).toEqual([]);
  });

  it('keep only command hooks, with their matcher', () => {
    const { cwd, configDir } = sandbox();
    const settings = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Write',
            hooks: [
              { type: 'prompt', prompt: 'no' },
              { type: 'command', command: 'true' },
            ],
          },
          { hooks: [{ type: 'http', url: 'http://127.0.0.1:9' }] },
        ],
      },
    });
    const table = loadCommandHooks({ cwd, configDir, settingSources: '', settings });
    expect(table.PreToolUse).toEqual([{ matcher: 'Write', hooks: [{ command: 'true' }] }]);
  });
});

describe('a hook matcher', () => {
  it('matches all when empty or *, else as an anchored regular expression', () => {
    expect(matchesHook(undefined, 'Write')).toBe(true);
    expect(matchesHook('*', 'Write')).toBe(true);
    expect(matchesHook('Write|Edit', 'Edit')).toBe(true);
    expect(matchesHook('Wri', 'Write')).toBe(false);
    expect(matchesHook('startup', 'resume')).toBe(false);
  });
});
