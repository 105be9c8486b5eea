import { writeUsage } from './all.js';
import { runCaptureCommand } from './cli-runner.js';

/**
 * `npm run fake:capture-usage -- <version> [<binary>]`: captures what the real CLI of `version`
 * reckons of a session's usage — its models' prices, `get_context_usage`'s estimates (usage.ts) —
 * into `src/fake-claude/usage/data/<version>.json`. Needs the version's behaviour and model-side
 * data (its listed models, its context templates).
 */
process.exitCode = await runCaptureCommand('fake:capture-usage', async ({ version, binary }) => ({
  lines: [await writeUsage(version, binary)],
}));
