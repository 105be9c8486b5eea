/**
 * Example: mocking `claude` in another project's test suite with fake-claude.
 *
 * The Agent SDK spawns `pathToClaudeCodeExecutable` exactly as it spawns the real CLI; fake-claude
 * answers like claude 2.1.150 (system/init, permission prompts, tool results, result/success, …)
 * with the model turns taken from a model script — in milliseconds, offline, at no cost.
 *
 * In your project: `import { fakeClaude } from 'clide-conformance'` (once exported from the package
 * entry). Here, inside the kit: run `npm run build`, then `npx vitest run --config examples/vitest.config.ts`.
 * Not part of the kit's default test run (vitest.config.ts includes src/, schemas/ and test/ only).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PermissionResult, query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, expect, it } from 'vitest';
import { type FakeClaude, fakeClaude } from '../src/fake-claude/index.js';

let fake: FakeClaude | undefined;
let work: string | undefined;
afterEach(async () => {
  await fake?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

it('my agent writes the file Claude asks to write, after my approval', async () => {
  work = mkdtempSync(join(tmpdir(), 'my-project-'));
  fake = await fakeClaude({
    scenario: {
      version: 1,
      turns: [
        {
          blocks: [
            { type: 'tool_use', name: 'Write', input: { file_path: 'notes.txt', content: 'hello\n' } },
          ],
        },
        { blocks: [{ type: 'text', text: 'I wrote notes.txt.' }] },
      ],
    },
  });

  const approvals: string[] = [];
  const messages = [];
  for await (const message of query({
    prompt: 'Write notes.txt',
    options: {
      pathToClaudeCodeExecutable: fake.path,
      env: fake.env,
      cwd: work,
      settingSources: [],
      canUseTool: async (toolName, input): Promise<PermissionResult> => {
        approvals.push(toolName);
        return { behavior: 'allow', updatedInput: input };
      },
    },
  })) {
    messages.push(message);
  }

  expect(approvals).toEqual(['Write']);
  expect(existsSync(join(work, 'notes.txt'))).toBe(true);
  expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('hello\n');
  const result = messages.at(-1);
  expect(result?.type === 'result' && result.subtype === 'success' ? result.result : undefined).toBe(
    'I wrote notes.txt.',
  );
  // What the fake asked the model: the second request carries the tool result back.
  const [, second] = fake.requests();
  expect(JSON.stringify(second?.body.messages)).toContain('File created successfully');
});
