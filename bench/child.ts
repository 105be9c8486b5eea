/**
 * Helper process of the benchmark (`node dist/bench/child.js <task> …`), so that each measured
 * workload runs in its own process, from a cold start, like the real tools do:
 *
 * - `copy <file>`: streams the file to stdout (Node's own I/O floor);
 * - `read <fixture>`: decodes the fixture with `iterateFixture` (parse, migrate, validate records);
 * - `replay <fixture>`: plays it with the replayer's `runReplay` directly (stdin → stdout);
 * - `validate <validator> <messages> <passes> [warm-up]`: validates the repeated corpus, prints the
 *   messages/s of every measured pass (one validator per process: sharing one skews the JIT);
 * - `schemas <version>`: imports the pinned schema sets and chooses `<version>`'s, prints the time
 *   and CPU time it took (`{ ms, cpuMs }`).
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { ValidatorName } from './validators.js';

// Each task imports only what it runs, so start-up is the task's own.

async function main(argv: string[]): Promise<number> {
  const [task, ...args] = argv;
  switch (task) {
    case 'copy': {
      await pipeline(createReadStream(args[0]!), process.stdout);
      return 0;
    }
    case 'read': {
      const { iterateFixture } = await import('../src/fixture/index.js');
      let frames = 0;
      for await (const record of iterateFixture(args[0]!)) if (record.kind === 'frame') frames += 1;
      process.stderr.write(`frames ${frames}\n`);
      return 0;
    }
    case 'replay': {
      const { runReplay } = await import('../src/replayer/index.js');
      const outcome = await runReplay({
        fixture: args[0]!,
        argv: [],
        env: process.env,
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
      });
      return outcome.exitCode;
    }
    case 'validate': {
      // validate <validator> <messages> <measured passes> [warm-up passes]: prints {valid, rates}.
      const { loadCorpus, repeatTo } = await import('./corpus.js');
      const { buildValidator, runChecks, VALIDATOR_NAMES } = await import('./validators.js');
      const name = args[0] as ValidatorName;
      if (!VALIDATOR_NAMES.includes(name)) throw new Error(`unknown validator ${name}`);
      const messages = repeatTo(loadCorpus(), Number(args[1]));
      const check = buildValidator(name);
      const passes = Number(args[2] ?? 1);
      const warmup = Number(args[3] ?? 0);
      let valid = 0;
      for (let pass = 0; pass < warmup; pass += 1) runChecks(check, messages);
      const rates: number[] = [];
      for (let pass = 0; pass < passes; pass += 1) {
        const t = performance.now();
        valid = runChecks(check, messages);
        rates.push(messages.length / ((performance.now() - t) / 1000));
      }
      process.stdout.write(`${JSON.stringify({ valid, messages: messages.length, rates })}\n`);
      return 0;
    }
    case 'schemas': {
      const cpu = process.cpuUsage();
      const t = performance.now();
      const { schemaSetFor } = await import('../schemas/registry.js');
      schemaSetFor(args[0]!);
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      process.stdout.write(`${JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000 })}\n`);
      return 0;
    }
    default:
      process.stderr.write('usage: child.js copy|read|replay|validate|schemas …\n');
      return 2;
  }
}

try {
  const code = await main(process.argv.slice(2));
  process.stdout.write('', () => {
    process.exitCode = code;
  });
} catch (error) {
  const render = (error as { render?: () => string }).render;
  process.stderr.write(`bench child: ${typeof render === 'function' ? render.call(error) : String(error)}\n`);
  process.exitCode = 70;
}
