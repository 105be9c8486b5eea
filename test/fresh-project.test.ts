/**
 * The user's path, end to end: pack the kit, install the tarball into a brand-new project (its own
 * package.json, no access to this source tree: no relative imports, no NODE_PATH, no
 * node_modules/.bin of ours on PATH), and there
 *  - run a vitest suite that drives the Agent SDK's `query()` through `fakeClaude()`, parses a
 *    message with `clide-conformance/schemas/2.1.150` and resolves a JSON Schema file through the
 *    `clide-conformance/schemas/2.1.150/json/*` export,
 *  - type-check that suite against the published `.d.ts` files,
 *  - run `npx fake-claude` and `npx clide-conformance validate` as a user would.
 *
 * Needs the npm registry (or a warm npm cache): the project installs the Agent SDK, vitest and vite.
 * Optional dependencies are kept: `--omit=optional` would drop vite 8's native rolldown binding
 * (vitest then fails to start); the SDK's native CLI comes along but is never run.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

const KIT = packageInfo().root;
const PINNED = packageInfo().pinned;
const INSTALL_TIMEOUT = 600_000;

const DEPENDENCIES = [
  '@anthropic-ai/claude-agent-sdk@0.3.150',
  '@anthropic-ai/sdk@1.16.0',
  '@modelcontextprotocol/sdk@1.32.2',
  'zod@4.6.7',
  'vitest@4.1.12',
  'vite@8.3.8',
  'typescript@5.9.3',
  '@types/node@20.19.8',
];

/** An environment with nothing of ours in it: no NODE_PATH, no npm_* of the outer `npm test`, no kit bins. */
function userEnv(home: string): Record<string, string> {
  const path = (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin')
    .split(delimiter)
    .filter((entry) => !entry.includes('node_modules'))
    .join(delimiter);
  const env: Record<string, string> = {
    PATH: path,
    HOME: process.env.HOME ?? home,
    // Reuse the machine's npm cache (the kit's own install filled it); fall back to a private one.
    npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? home, '.npm'),
    npm_config_update_notifier: 'false',
  };
  for (const name of ['TMPDIR', 'CI', 'npm_config_registry', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

const SUITE = String.raw`
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PermissionResult, type SDKMessage, query } from '@anthropic-ai/claude-agent-sdk';
import { fakeClaude, validateMessage } from 'clide-conformance';
import { fakeClaude as fakeClaudeFromSubpath } from 'clide-conformance/fake-claude';
import { CLI_VERSION, cliOutputMessage } from 'clide-conformance/schemas/2.1.150';
import { expect, it } from 'vitest';
import { z } from 'zod';

it('drives the Agent SDK through fakeClaude(): one allowed Write, then the result', async () => {
  const work = mkdtempSync(join(tmpdir(), 'fresh-work-'));
  const fake = await fakeClaude({
    scenario: {
      version: 1,
      turns: [
        { blocks: [{ type: 'tool_use', name: 'Write', input: { file_path: 'notes.txt', content: 'hello\n' } }] },
        { blocks: [{ type: 'text', text: 'I wrote notes.txt.' }] },
      ],
    },
  });
  try {
    expect(fake.path).toContain(join('node_modules', 'clide-conformance', 'bin', 'fake-claude'));
    const asked: string[] = [];
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'Write notes.txt',
      options: {
        pathToClaudeCodeExecutable: fake.path,
        env: fake.env,
        cwd: work,
        settingSources: [],
        canUseTool: async (toolName, input): Promise<PermissionResult> => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      },
    })) {
      messages.push(message);
    }
    expect(asked).toEqual(['Write']);
    expect(existsSync(join(work, 'notes.txt'))).toBe(true);
    expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('hello\n');
    const result = messages.at(-1);
    expect(result?.type).toBe('result');
    expect(result?.type === 'result' && result.subtype === 'success' ? result.result : undefined).toBe(
      'I wrote notes.txt.',
    );
    // The SDK's messages are the CLI's stdout lines: the result validates against the pinned schemas.
    expect(validateMessage(result, { direction: 'from-cli' })).toEqual([]);
  } finally {
    await fake.close();
    rmSync(work, { recursive: true, force: true });
  }
});

it('exports the same fakeClaude() from clide-conformance/fake-claude', () => {
  expect(fakeClaudeFromSubpath).toBe(fakeClaude);
});

it('parses a CLI message with clide-conformance/schemas/2.1.150', () => {
  expect(CLI_VERSION).toBe('2.1.150');
  const parsed = cliOutputMessage.safeParse({ type: 'keep_alive' });
  expect(parsed.success).toBe(true);
  const wrong = cliOutputMessage.safeParse({ type: 'result', subtype: 'success', is_error: 'no' });
  expect(wrong.success).toBe(false);
});

it("the kit's zod schemas are made by the project's own zod (a peer dependency: one instance)", () => {
  expect(cliOutputMessage).toBeInstanceOf(z.ZodType);
  expect(z.array(cliOutputMessage).safeParse([{ type: 'keep_alive' }]).success).toBe(true);
});

it('resolves a JSON Schema file through clide-conformance/schemas/2.1.150/json/*', () => {
  const require = createRequire(import.meta.url);
  const file = require.resolve('clide-conformance/schemas/2.1.150/json/result.schema.json');
  expect(file).toContain(join('node_modules', 'clide-conformance', 'schemas', '2.1.150', 'generated'));
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  expect(schema.title).toBe('ResultMessage');
});
`;

describe('a brand-new project that installs the packed kit', () => {
  let root: string;
  let project: string;
  let env: Record<string, string>;
  let packedFiles: string[];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'clide-fresh-'));
    project = join(root, 'project');
    const packDir = join(root, 'pack');
    mkdirSync(project);
    mkdirSync(packDir);
    env = userEnv(root);
    // `pretest` has built dist/; pack without lifecycle scripts. npm's JSON names the files the
    // tarball holds (what the test of its contents reads).
    const { stdout: packed } = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir],
      { cwd: KIT, env, extendEnv: false },
    );
    packedFiles = (JSON.parse(packed) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
    const tarballs = readdirSync(packDir).filter((name) => name.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'fresh-user-project', private: true, type: 'module' }, null, 2)}\n`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      `${JSON.stringify(
        {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: ['node'],
          },
          include: ['test'],
        },
        null,
        2,
      )}\n`,
    );
    mkdirSync(join(project, 'test'));
    writeFileSync(join(project, 'test', 'kit.test.ts'), SUITE);
    writeFileSync(
      join(project, 'vitest.config.js'),
      "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'], testTimeout: 60000 } });\n",
    );
    await execa(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        join(packDir, tarballs[0] as string),
        ...DEPENDENCIES,
      ],
      { cwd: project, env, extendEnv: false },
    );
  }, INSTALL_TIMEOUT);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  });

  it('npm pack ships no test data, node_modules, reports or test files', () => {
    // The tarball this project installed.
    const files = packedFiles;
    expect(files).toContain('bin/fake-claude');
    expect(files).toContain('dist/src/index.d.ts');
    expect(files).toContain('dist/schemas/2.1.150/index.d.ts');
    expect(files).toContain('schemas/2.1.150/generated/result.schema.json');
    expect(files.filter((path) => path.startsWith('test/'))).toEqual([]);
    expect(files.filter((path) => path.split('/').includes('node_modules'))).toEqual([]);
    expect(files.filter((path) => path.startsWith('reports/'))).toEqual([]);
    expect(files.filter((path) => /\.test(-d)?\./.test(path))).toEqual([]);
  });

  it('runs a vitest suite that uses fakeClaude(), the Agent SDK and the versioned schemas', async () => {
    const run = await execa('npx', ['--no-install', 'vitest', 'run', '--reporter', 'verbose'], {
      cwd: project,
      env,
      extendEnv: false,
      reject: false,
      all: true,
    });
    expect(run.all).toContain('5 passed');
    expect(run.exitCode, run.all).toBe(0);
  }, 180_000);

  it("zod is a peer dependency: the project's own, no copy of the kit's", () => {
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules', 'clide-conformance', 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    expect(installed.peerDependencies?.zod).toBeDefined();
    expect(installed.dependencies?.zod).toBeUndefined();
    expect(existsSync(join(project, 'node_modules', 'clide-conformance', 'node_modules', 'zod'))).toBe(false);
  });

  it('type-checks that suite against the published type declarations', async () => {
    const tsc = await execa('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json'], {
      cwd: project,
      env,
      extendEnv: false,
      reject: false,
      all: true,
    });
    expect(tsc.all).toBe('');
    expect(tsc.exitCode).toBe(0);
  }, 120_000);

  it('npx fake-claude --version prints the pinned CLI version', async () => {
    const { stdout } = await execa('npx', ['--no-install', 'fake-claude', '--version'], {
      cwd: project,
      env,
      extendEnv: false,
    });
    expect(stdout.trim()).toBe(`${PINNED} (Claude Code)`);
  });

  it('npx clide-conformance validate accepts a capture from fake-claude and rejects a broken one', async () => {
    const script = join(root, 'hello.model.json');
    writeFileSync(
      script,
      JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'Hello!' }] }] }),
    );
    const work = join(root, 'work');
    mkdirSync(work);
    // A client in any language points its `claude` path at the installed bin and runs it in its own folder.
    const session = await execa(
      join(project, 'node_modules', '.bin', 'fake-claude'),
      ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      {
        cwd: work,
        env: { ...env, CLIDE_FAKE_SCENARIO: script },
        extendEnv: false,
        input: '{"type":"user","message":{"role":"user","content":"Say hello."}}\n',
      },
    );
    const lines = session.stdout.split('\n').filter((line) => line.trim());
    expect(lines.map((line) => (JSON.parse(line) as { type: string }).type)).toContain('result');
    const capture = join(root, 'capture.jsonl');
    writeFileSync(capture, `${lines.join('\n')}\n`);
    const ok = await execa('npx', ['--no-install', 'clide-conformance', 'validate', capture], {
      cwd: project,
      env,
      extendEnv: false,
      reject: false,
      all: true,
    });
    expect(ok.exitCode, ok.all).toBe(0);

    const broken = join(root, 'broken.jsonl');
    writeFileSync(broken, `${lines[0]}\n{"type":"result","subtype":"success","is_error":"no"}\n`);
    const bad = await execa('npx', ['--no-install', 'clide-conformance', 'validate', broken], {
      cwd: project,
      env,
      extendEnv: false,
      reject: false,
      all: true,
    });
    expect(bad.exitCode).toBe(1);
    expect(bad.all).toContain('broken.jsonl:2');
  }, 120_000);

  it('npx clide-conformance fake-server serves the installed fake-claude and its native client, built from the package', async () => {
    const script = join(root, 'served.model.json');
    writeFileSync(
      script,
      JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'Served!' }] }] }),
    );
    const work = mkdtempSync(join(root, 'served-'));
    const server = execa('npx', ['--no-install', 'clide-conformance', 'fake-server', '--stop-on-stdin-end'], {
      cwd: project,
      // Its native client is built for this project's install: into a cache of its own, not the user's.
      env: { ...env, CLIDE_CACHE_DIR: mkdtempSync(join(root, 'cache-')) },
      extendEnv: false,
      stdin: 'pipe',
      reject: false,
    });
    const lines = await new Promise<string[]>((resolve, reject) => {
      let out = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.split('\n').length > 2) resolve(out.split('\n').slice(0, 2));
      });
      void server.then(() =>
        reject(new Error(`fake-server exited before it listened: ${String(server.stderr)}`)),
      );
    });
    expect(lines[0]).toMatch(/^CLIDE_FAKE_SERVER=\/.+/);
    expect(lines[1]).toMatch(/^CLIDE_FAKE_CLAUDE=\/.+\/fake-client\/[0-9a-f]{16}\/fake-claude$/);
    const clients = [
      join(project, 'node_modules', '.bin', 'fake-claude'),
      (lines[1] ?? '').slice('CLIDE_FAKE_CLAUDE='.length),
    ];
    for (const client of clients) {
      const session = await execa(
        client,
        ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
        {
          cwd: work,
          env: {
            ...env,
            CLIDE_FAKE_SCENARIO: script,
            CLIDE_FAKE_SERVER: (lines[0] ?? '').slice('CLIDE_FAKE_SERVER='.length),
          },
          extendEnv: false,
          input: '{"type":"user","message":{"role":"user","content":"Say hello."}}\n',
        },
      );
      expect(session.stdout).toContain('"result":"Served!"');
    }
    server.stdin?.end();
    const stopped = await server;
    expect(stopped.exitCode).toBe(0);
    expect(String(stopped.stderr)).toContain('stopped after 2 session(s), 0 client(s) turned away');
  }, 120_000);
});
