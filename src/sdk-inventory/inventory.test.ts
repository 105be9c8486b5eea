import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import {
  type InventoryItem,
  loadSdkInventory,
  type OptionItem,
  type SdkInventory,
  sdkInventoryDir,
  sdkInventoryVersions,
} from './inventory.js';

const scratch = mkdtempSync(join(tmpdir(), 'clide-sdk-inventory-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function ids(inventory: SdkInventory, kind: InventoryItem['kind']): string[] {
  return inventory.items.filter((i) => i.kind === kind).map((i) => i.id);
}

function option(inventory: SdkInventory, field: string): OptionItem {
  const item = inventory.items.find((i) => i.id === `option:${field}`);
  if (item?.kind !== 'option') throw new Error(`no option ${field}`);
  return item;
}

describe('the committed SDK inventories', () => {
  it('are there for both ends of the SDK range and the SDK of the pinned CLI, oldest first', () => {
    expect(sdkInventoryVersions()).toEqual(expect.arrayContaining(['0.3.150', '0.3.332', '0.3.337']));
    const versions = sdkInventoryVersions();
    expect(versions.indexOf('0.3.150')).toBeLessThan(versions.indexOf('0.3.337'));
  });

  it.each(sdkInventoryVersions())('%s loads through the schema and names its bundled CLI', (version) => {
    const inventory = loadSdkInventory(version);
    expect(inventory.sdk).toBe(version);
    expect(inventory.bundledCli).toBe(version.replace(/^0\.3\./, '2.1.'));
    expect(inventory.extractedBy).toBe('scripts/sdk-inventory.ts');
  });

  it.each(sdkInventoryVersions())('%s stays well under 1 MB', (version) => {
    expect(statSync(join(sdkInventoryDir(), `${version}.json`)).size).toBeLessThan(1024 * 1024);
  });

  describe('0.3.337 (the newest SDK)', () => {
    const inventory = loadSdkInventory('0.3.337');

    it('lists the control requests the SDK declares, new ones included', () => {
      const controls = ids(inventory, 'control-request');
      expect(controls.length).toBeGreaterThanOrEqual(40);
      for (const subtype of [
        'initialize',
        'interrupt',
        'get_usage',
        'register_repo_root',
        'reload_skills',
        'reload_output_styles',
        'set_has_subscribers',
        'get_task_output',
        'update_settings',
        'get_hooks_listing',
        'list_permission_rules',
        'mcp_read_resource',
      ]) {
        expect(controls).toContain(`control:${subtype}`);
      }
    });

    it('says which control requests the CLI sends: the five the SDK handles, mcp_message both ways', () => {
      const fromCli = inventory.items.flatMap((i) =>
        i.kind === 'control-request' && i.direction !== 'client-to-cli'
          ? [`${i.subtype} ${i.direction}`]
          : [],
      );
      expect(fromCli.sort()).toEqual([
        'can_use_tool cli-to-client',
        'elicitation cli-to-client',
        'hook_callback cli-to-client',
        'mcp_message both',
        'request_user_dialog cli-to-client',
      ]);
    });

    it('gives a request its declared response, and the answer type of a request the CLI sends', () => {
      const response = (subtype: string) => {
        const item = inventory.items.find((i) => i.id === `control:${subtype}`);
        return item?.kind === 'control-request' ? item.response?.sdkType : undefined;
      };
      expect(response('get_usage')).toBe('SDKControlGetUsageResponse');
      expect(response('initialize')).toBe('SDKControlInitializeResponse');
      expect(response('can_use_tool')).toBe('PermissionResult');
      expect(response('hook_callback')).toBe('HookJSONOutput');
      expect(response('set_model')).toBeUndefined();
      const setModel = inventory.items.find((i) => i.id === 'control:set_model');
      expect(setModel?.summary).toMatch(/No response type is declared\.$/);
    });

    it('splits the messages by type and subtype, stdout and stdin', () => {
      const messages = ids(inventory, 'message');
      expect(messages.length).toBeGreaterThanOrEqual(50);
      for (const id of [
        'message:assistant',
        'message:user',
        'message:result/success',
        'message:result/error_max_turns',
        'message:result/error_during_execution',
        'message:system/init',
        'message:system/thinking_tokens',
        'message:system/commands_changed',
        'message:system/model_refusal_fallback',
        'message:conversation_reset',
        'message:control_request',
        'message:control_response',
        'message:control_cancel_request',
        'message:keep_alive',
        'message:stdin:user',
        'message:stdin:control_request',
        'message:stdin:control_response',
        'message:stdin:keep_alive',
      ]) {
        expect(messages).toContain(id);
      }
      const maxTurns = inventory.items.find((i) => i.id === 'message:result/error_max_turns');
      expect(maxTurns).toMatchObject({
        kind: 'message',
        direction: 'cli-to-client',
        type: 'result',
        subtype: 'error_max_turns',
        sdkType: 'SDKResultError',
        schema: { properties: { subtype: { const: 'error_max_turns' } } },
      });
    });

    it('lists every hook event, each with its input', () => {
      const hooks = inventory.items.filter((i) => i.kind === 'hook-event');
      expect(hooks.length).toBeGreaterThanOrEqual(35);
      expect(hooks.map((h) => h.id)).toEqual(
        expect.arrayContaining(['hook:PreToolUse', 'hook:SessionStart']),
      );
      expect(hooks.filter((h) => h.kind === 'hook-event' && h.input === undefined)).toEqual([]);
    });

    it('says what the options become on the command line and in initialize, found by running the SDK', () => {
      expect(ids(inventory, 'option').length).toBeGreaterThanOrEqual(70);
      const mcp = option(inventory, 'mcpServers');
      expect([...mcp.argv, ...mcp.initialize]).toEqual(expect.arrayContaining(['sdkMcpServers']));
      expect(option(inventory, 'mcpServersDelivery').argv).toContain('--mcp-config');
      expect(option(inventory, 'model').argv).toEqual(['--model']);
      expect(option(inventory, 'resume').argv).toEqual(['--resume']);
      expect(option(inventory, 'thinking').argv).toContain('--thinking');
      expect(option(inventory, 'hooks').initialize).toEqual(['hooks']);
      expect(option(inventory, 'agents').initialize).toEqual(['agents']);
      // This SDK sends the system prompt in `initialize`, not as --system-prompt.
      expect(option(inventory, 'systemPrompt')).toMatchObject({ argv: [], probe: 'observed' });
      expect(option(inventory, 'systemPrompt').initialize).toContain('systemPrompt');
      expect(option(inventory, 'enableFileCheckpointing').env).toEqual([
        'CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING',
      ]);
      expect(option(inventory, 'abortController').probe).toBe('no-effect');
    });

    it('probes every option but the two it cannot run, and says why', () => {
      const unprobed = inventory.items.filter((i) => i.kind === 'option' && i.probe === 'not-probed');
      expect(unprobed.map((i) => i.id)).toEqual(['option:executable', 'option:pathToClaudeCodeExecutable']);
      for (const item of unprobed) expect(item.kind === 'option' && item.note).toBeTruthy();
    });

    it('stores schemas without descriptions, sharing definitions by the SDK’s type names', () => {
      const text = readFileSync(join(sdkInventoryDir(), '0.3.337.json'), 'utf8');
      // A `description` keyword has a string value; a property named description, a schema.
      expect(text).not.toContain('"description":"');
      expect(Object.keys(inventory.definitions)).toEqual(
        expect.arrayContaining(['PermissionMode', 'PermissionUpdate', 'BetaMessage', 'Settings']),
      );
      for (const name of Object.keys(inventory.definitions))
        expect(name).toMatch(/^(?!__type)[A-Za-z_$][\w$]*$/);
      const usage = inventory.items.find((i) => i.id === 'control:get_usage');
      expect(usage).toMatchObject({
        request: { type: 'object', properties: { subtype: { type: 'string', const: 'get_usage' } } },
      });
    });
  });

  it('0.3.150 (the oldest SDK) has what that SDK declares, and not what came later', () => {
    const inventory = loadSdkInventory('0.3.150');
    const all = inventory.items.map((i) => i.id);
    expect(all).toEqual(
      expect.arrayContaining(['control:initialize', 'message:system/init', 'hook:PreToolUse']),
    );
    expect(all).not.toContain('control:get_usage');
    const fromCli = inventory.items.flatMap((i) =>
      i.kind === 'control-request' && i.direction !== 'client-to-cli' ? [`${i.subtype} ${i.direction}`] : [],
    );
    expect(fromCli.sort()).toEqual([
      'can_use_tool cli-to-client',
      'elicitation cli-to-client',
      'hook_callback cli-to-client',
      'mcp_message both',
    ]);
    expect(option(inventory, 'mcpServers').argv).toEqual(['--mcp-config']);
  });
});

describe('loadSdkInventory()', () => {
  const good = readFileSync(join(sdkInventoryDir(), '0.3.150.json'), 'utf8');

  function write(version: string, text: string): string {
    const dir = mkdtempSync(join(scratch, 'dir-'));
    writeFileSync(join(dir, `${version}.json`), text);
    return dir;
  }

  function failure(fn: () => unknown): ClideError {
    try {
      fn();
    } catch (error) {
      if (error instanceof ClideError) return error;
      throw error;
    }
    throw new Error('expected a ClideError');
  }

  it('names the file and the JSON path of what is wrong', () => {
    const value = JSON.parse(good) as SdkInventory;
    const index = value.items.findIndex((i) => i.kind === 'option');
    (value.items[index] as unknown as Record<string, unknown>).probe = 'maybe';
    const dir = write('0.3.150', JSON.stringify(value));
    const error = failure(() => loadSdkInventory('0.3.150', { dir }));
    expect(error.code).toBe('parse');
    expect(error.where).toBe(`${join(dir, '0.3.150.json')} $.items[${index}].probe`);
    expect(error.render()).toContain(`$.items[${index}].probe`);
  });

  it('refuses items out of order, and a reference to a definition the file lacks', () => {
    const value = JSON.parse(good) as SdkInventory;
    [value.items[0], value.items[1]] = [value.items[1]!, value.items[0]!];
    let error = failure(() => loadSdkInventory('0.3.150', { dir: write('0.3.150', JSON.stringify(value)) }));
    expect(error.where).toMatch(/ \$\.items\[1\]\.id$/);

    const dangling = JSON.parse(good) as SdkInventory;
    delete dangling.definitions.PermissionMode;
    error = failure(() => loadSdkInventory('0.3.150', { dir: write('0.3.150', JSON.stringify(dangling)) }));
    expect(error.message).toContain('missing definition PermissionMode');
  });

  it('refuses a file that is not JSON, and one of another SDK version', () => {
    let error = failure(() => loadSdkInventory('0.3.150', { dir: write('0.3.150', '{"format":') }));
    expect(error.code).toBe('parse');
    expect(error.where).toMatch(/0\.3\.150\.json$/);
    error = failure(() => loadSdkInventory('0.3.151', { dir: write('0.3.151', good) }));
    expect(error.message).toBe('the inventory is of Agent SDK 0.3.150, not 0.3.151');
  });

  it('says which versions there are when asked for one without an inventory', () => {
    const dir = write('0.3.10', good);
    writeFileSync(join(dir, '0.3.9.json'), good);
    writeFileSync(join(dir, 'notes.md'), '');
    expect(sdkInventoryVersions({ dir })).toEqual(['0.3.9', '0.3.10']);
    const error = failure(() => loadSdkInventory('0.3.200', { dir }));
    expect(error.code).toBe('usage');
    expect(error.hint).toContain('0.3.9, 0.3.10');
  });
});

describe('the declaration parser', () => {
  it('is imported by no module under src/ (it is a dev dependency)', () => {
    const root = join(packageInfo().root, 'src');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8');
          if (/from ['"](typescript-json-schema|typescript|[./]+scripts\/)/.test(text)) offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
