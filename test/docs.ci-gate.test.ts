import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { main } from '../src/cli/main.js';
import { packageInfo } from '../src/config/package-info.js';

/**
 * docs/ci-gate.md cannot rot: its workflows are valid YAML of the shape GitHub Actions reads, and
 * every `clide-conformance` command and flag it uses, in a workflow or a shell example, is one the
 * CLI's own `--help` lists.
 */

const DOC = readFileSync(join(packageInfo().root, 'docs', 'ci-gate.md'), 'utf8');

function blocks(lang: string): string[] {
  return [...DOC.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);
}

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, Job>;
}

function workflow(text: string, where: string): Workflow {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) throw new Error(`a workflow in ${where} is not YAML: ${doc.errors[0]!.message}`);
  return doc.toJS() as Workflow;
}

const workflows = blocks('yaml').map((text) => workflow(text, 'docs/ci-gate.md'));
/** The fuller workflow the page points to. */
const EXAMPLE = 'examples/ci/github-actions.yml';
const example = workflow(readFileSync(join(packageInfo().root, EXAMPLE), 'utf8'), EXAMPLE);

/** Every `clide-conformance <command> …` invocation in a shell text: the command and the flags it passes. */
function invocations(text: string): Array<{ command: string; flags: string[]; line: string }> {
  const out: Array<{ command: string; flags: string[]; line: string }> = [];
  for (const line of text.split('\n')) {
    for (const match of line.matchAll(/clide-conformance\s+(\S+)([^|;&>]*)/g)) {
      const command = match[1]!;
      if (command.startsWith('-') || command.includes('/') || command.includes('.')) continue;
      const flags = [...match[2]!.matchAll(/(?<=\s|^)(--[a-z][\w-]*)/g)].map((m) => m[1]!);
      out.push({ command, flags, line: line.trim() });
    }
  }
  return out;
}

/** A GitHub Actions expression as it is written in a workflow: `${{ e }}`. */
const gh = (e: string) => `\${{ ${e} }}`;
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const runText = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps.map((s) => s.run ?? ''));

afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** The CLI's `--help` of a command, in-process. */
async function help(command: string): Promise<string> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await main([command, '--help']);
  vi.restoreAllMocks();
  expect(code, `clide-conformance ${command} --help`).toBe(0);
  return stdout;
}

describe('docs/ci-gate.md', () => {
  test('its workflows are GitHub Actions workflows: a trigger, jobs, each job steps that run or use something', () => {
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    for (const w of [...workflows, example]) {
      expect(typeof w.name).toBe('string');
      expect(w.on).toBeDefined();
      for (const [name, job] of Object.entries(w.jobs)) {
        expect(job.steps.length, name).toBeGreaterThan(0);
        for (const step of job.steps)
          expect(Boolean(step.run) !== Boolean(step.uses), JSON.stringify(step)).toBe(true);
      }
    }
  });

  test('the sharded workflow: version × shard, every shard run and uploaded, one job that merges into the summary', () => {
    const w = workflows.find((x) => Object.values(x.jobs).some((j) => j.strategy?.matrix?.shard));
    expect(w, 'a workflow with a shard matrix').toBeDefined();
    const [name, canary] = Object.entries(w!.jobs).find(([, j]) => j.strategy?.matrix?.shard)!;
    const { version, shard } = canary.strategy!.matrix!;
    expect(version!.length).toBeGreaterThan(1);
    const run = canary.steps.map((s) => s.run ?? '').find((r) => /clide-conformance run /.test(r))!;
    expect(run).toContain(`--cc-version ${gh('matrix.version')}`);
    // The shard count in the command is the number of shards in the matrix.
    expect(run).toMatch(new RegExp(`--shard ${literal(gh('matrix.shard'))}/${shard!.length}(\\s|$)`));
    expect(shard).toEqual(Array.from({ length: shard!.length }, (_, i) => i + 1));
    const dir = /--report-dir (\S+)/.exec(run)?.[1];
    const upload = canary.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe(dir);
    const artifact = String(upload?.with?.name);
    expect(artifact).toContain(gh('matrix.version'));
    expect(artifact).toContain(gh('matrix.shard'));

    const merge = Object.values(w!.jobs).find((j) => j.needs === name || j.needs?.includes(name))!;
    expect(merge, 'a job that needs the shards').toBeDefined();
    expect(merge.if).toMatch(/always\(\)|!cancelled\(\)/);
    expect(merge.steps.some((s) => s.uses?.startsWith('actions/download-artifact@'))).toBe(true);
    const script = merge.steps.map((s) => s.run ?? '').join('\n');
    expect(script).toMatch(/clide-conformance merge-reports .*--report-dir (\S+)/);
    const out = /merge-reports .*--report-dir (\S+)/.exec(script)![1]!;
    expect(script).toContain(`cat ${out}/report.md >> "$GITHUB_STEP_SUMMARY"`);
  });

  test('in every sharded workflow, the shard count of each command is the number of shard jobs', () => {
    const sharded = workflows.filter((w) => Object.values(w.jobs).some((j) => j.strategy?.matrix?.shard));
    expect(sharded.length).toBeGreaterThanOrEqual(2);
    for (const w of sharded) {
      for (const job of Object.values(w.jobs)) {
        const shards = job.strategy?.matrix?.shard;
        for (const run of job.steps.map((s) => s.run ?? '')) {
          for (const m of run.matchAll(/--shard (\$\{\{[^}]*\}\}\/\d+|\S+)/g)) {
            expect(shards, `${w.name}: ${run}`).toBeDefined();
            expect(m[1], w.name).toBe(`${gh('matrix.shard')}/${shards!.length}`);
          }
        }
      }
    }
  });

  test('every clide-conformance command and flag it uses is in the CLI’s --help', async () => {
    const texts = [...[...workflows, example].flatMap(runText), ...blocks('sh')];
    const used = texts.flatMap(invocations);
    expect(used.map((u) => u.command)).toEqual(expect.arrayContaining(['run', 'merge-reports', 'matrix']));
    const helps = new Map<string, string>();
    for (const { command, flags, line } of used) {
      if (!helps.has(command)) helps.set(command, await help(command));
      const text = helps.get(command)!;
      expect(text, `\`${command}\` in: ${line}`).toMatch(new RegExp(`^Usage: clide-conformance ${command} `));
      for (const flag of flags) {
        expect(text, `${flag} of \`${command}\` in: ${line}`).toMatch(
          new RegExp(`(^|[\\s,])${flag}(\\s|$)`, 'm'),
        );
      }
    }
  });

  test('every flag of the table of run flags is in `run --help`', async () => {
    const text = await help('run');
    const table = [...DOC.matchAll(/^\| `(--[a-z][\w-]*)[^`]*` +\|/gm)].map((m) => m[1]!);
    expect(table.length).toBeGreaterThan(5);
    for (const flag of table) expect(text, flag).toMatch(new RegExp(`(^|[\\s,])${flag}(\\s|$)`, 'm'));
  });
});
