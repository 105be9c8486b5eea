/**
 * A capture of the newest Agent SDK talking to the real pinned CLI validates against the pinned
 * schemas with no violation and no unknown field: the SDK's own requests (initialize with its
 * fields, the control methods of `Query`), its answers (permissions, hooks, in-process MCP), and
 * what the CLI writes back for them. Recorded by the kit's recorder (`recordClaude()`), offline
 * against the scripted model API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSdkMcpServer, type PermissionResult, query, tool } from 'claude-agent-sdk-newest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { packageInfo } from '../src/config/package-info.js';
import { startModelApi } from '../src/model-api/index.js';
import { recordClaude } from '../src/recorder/index.js';
import { script, text, toolUse } from '../src/scenarios/index.js';
import { validateJsonlFile } from '../src/validate/index.js';

const dirs: string[] = [];
afterAll(() => {
  if (!process.env.KEEP) for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

describe('a capture of the newest Agent SDK with the real pinned CLI', () => {
  it('validates against the pinned schemas with no violation and no unknown field', async () => {
    const version = packageInfo().pinned;
    const api = await startModelApi({
      script: script(
        [toolUse('toolu_01NewestWrite', 'Write', { file_path: 'banana.txt', content: 'yellow\n' })],
        [toolUse('toolu_01NewestPing', 'mcp__clide-newest__ping', { message: 'hi' })],
        [text('Done.')],
      ),
    });
    const out = join(temp('clide-newest-capture-'), 'session.jsonl');
    const work = temp('clide-newest-work-');
    const recording = recordClaude({
      out,
      claude: inject('claudeBinary'),
      env: {
        ANTHROPIC_BASE_URL: api.url,
        ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        HOME: temp('clide-newest-home-'),
        // The CLI's own temporary files (its messaging socket, a file-watch probe) go in a folder
        // removed with the others, not in the machine's temp folder.
        TMPDIR: temp('clide-newest-tmp-'),
      },
    });
    const server = createSdkMcpServer({
      name: 'clide-newest',
      version: '1.0.0',
      tools: [
        tool('ping', 'Answers pong', { message: z.string() }, async () => ({
          content: [{ type: 'text', text: 'pong' }],
        })),
      ],
    });
    const seen: string[] = [];
    const q = query({
      prompt: 'Write banana.txt, then ping.',
      options: {
        ...recording.sdkOptions,
        cwd: work,
        settingSources: [],
        includePartialMessages: true,
        mcpServers: { 'clide-newest': server },
        hooks: { PreToolUse: [{ hooks: [async () => ({ continue: true })] }] },
        canUseTool: async (_tool, input): Promise<PermissionResult> => ({
          behavior: 'allow',
          updatedInput: input,
        }),
      },
    });
    for await (const m of q) {
      seen.push(m.type === 'system' || m.type === 'result' ? `${m.type}/${m.subtype}` : m.type);
      if (m.type === 'system' && m.subtype === 'init') {
        await q.mcpServerStatus();
        await q.setPermissionMode('default');
        await q.supportedModels();
      }
    }
    await api.close();
    expect(seen).toContain('result/success');
    const result = await validateJsonlFile(out, { version });
    const problems = result.findings.filter(
      (f) => f.severity === 'breaking' || f.severity === 'changed' || f.code === 'schema/unknown-field',
    );
    expect(problems.map((f) => `${f.code} line ${f.location?.line} ${f.message}`)).toEqual([]);
    expect(result.messages).toBeGreaterThan(10);
  });
});
