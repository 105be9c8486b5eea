import { runCaptureCommand } from './cli-runner.js';
import { draftOverrides } from './draft-overrides.js';
import { writeVersionRegistries } from './version-registries.js';

/**
 * `npm run fake:draft-overrides -- <version> [<binary>] [--json]`: compares the fake emulating
 * `version` with the real CLI over the catalogue, with and without the next override set's members,
 * writes the better as `src/fake-claude/behaviour/<version>/overrides.json` (or none), and lists what
 * still differs (draft-overrides.ts). Exit 0 whatever differs (each difference is an override to
 * write); 1 when the comparison itself failed. `npm run build` afterwards when a file was written.
 */
process.exitCode = await runCaptureCommand(
  'fake:draft-overrides',
  async ({ version, binary, flags, onProgress }) => {
    const draft = await draftOverrides({ version, binaryPath: binary, onProgress });
    const registries = draft.wrote.length > 0 ? writeVersionRegistries() : [];
    if (flags.includes('--json')) return { lines: [JSON.stringify({ ...draft, registries }, null, 2)] };
    const count = (list: unknown[] | undefined) => (list === undefined ? '-' : String(list.length));
    return {
      lines: [
        `the fake emulating claude ${version} against the real one, ${draft.compared} scenarios: ` +
          `${count(draft.without)} differ with the override sets up to it` +
          (draft.candidate ? `, ${count(draft.with)} with ${draft.candidate}'s members too` : '') +
          (draft.withFiled ? `, ${count(draft.withFiled)} with its overrides.json as it stood` : ''),
        draft.picks
          ? `src/fake-claude/behaviour/${version}/overrides.json ${draft.wrote.length > 0 ? 'written' : 'kept'}: ${JSON.stringify(draft.picks)}`
          : `no override set taken${draft.wrote.length > 0 ? ' (overrides.json removed)' : ''}`,
        ...draft.differing.map((d) => `  differs: ${d.scenario}: ${d.what}`),
      ],
    };
  },
  { flags: ['--json'] },
);
