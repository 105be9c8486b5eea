import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { behaviourFor, emulatedVersions } from '../../behaviour/index.js';
import {
  bashCommand,
  bashReader,
  type Chooser,
  nearRuleCommand,
  ruleProbes,
} from '../../capture/bash-commands.js';
import { seedSandbox } from '../../capture/bash-permission.js';
import { bashPermissionData, decodeDecision, encodeDecision, fillCwd, templatePaths } from './index.js';
import { safeAtoms, safeCommand } from './safe-command.js';

/**
 * The fake's Bash gating against what the real CLI did (each emulated version's captured corpus,
 * `npm run fake:capture-bash-permission`): on the corpus it decides as the real CLI did, and on any
 * command of the grammar (capture/bash-commands.ts) it runs without asking only what the real CLI
 * ran — a command of the corpus it ran, or one made only of atoms of commands the real CLI ran (the
 * rule for unseen commands, safe-command.ts, checked atom by atom against the corpus: a command,
 * each of its flags, each kind of its arguments, an operator, a redirection).
 */

const root = mkdtempSync(join(tmpdir(), 'clide-bash-gate-'));
const cwd = join(root, 'work');
mkdirSync(cwd);
seedSandbox(cwd);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const permissionOf = async (version: string) => {
  const behaviour = await behaviourFor(version);
  return (command: string, mode: string) =>
    behaviour.permissionPolicy('Bash', { command, description: 'Probe' }, mode, cwd);
};

/** A chooser drawing from fast-check (shrinks towards each list's first option). */
function fcChooser(g: fc.GeneratorValue): Chooser {
  return {
    pick: (options) => g(fc.constantFrom, ...options),
    int: (min, max) => g(fc.integer, { min, max }),
  };
}

describe.each(emulatedVersions())(
  'the fake emulating claude %s gates Bash as the real CLI did',
  (version) => {
    const data = bashPermissionData(version);

    it('has the Bash decisions of the version, for default, acceptEdits, dontAsk and plan, over a corpus probing every form of the rule', () => {
      expect(data).toBeDefined();
      expect(Object.keys(data?.modes ?? {}).sort()).toEqual(['acceptEdits', 'default', 'dontAsk', 'plan']);
      for (const list of Object.values(data?.modes ?? {}))
        expect(list).toHaveLength(data?.commands.length ?? 0);
      const commands = new Set(data?.commands);
      expect(ruleProbes().filter((c) => !commands.has(c))).toEqual([]);
    });

    for (const mode of ['default', 'acceptEdits', 'dontAsk', 'plan']) {
      it(`${mode}: every command of the corpus is run, asked about or denied as the real CLI did it (the same reason, the same denial)`, async () => {
        const permission = await permissionOf(version);
        const wrong: string[] = [];
        data?.commands.forEach((template, i) => {
          const text = data.modes[mode]?.[i] ?? '';
          const real = decodeDecision(text);
          const policy = permission(fillCwd(template, cwd), mode);
          const fake =
            policy.kind === 'allow'
              ? encodeDecision({
                  outcome: 'run',
                  ...(policy.reasonType ? { reasonType: policy.reasonType } : {}),
                })
              : policy.kind === 'deny'
                ? `deny ${policy.reasonType} ${JSON.stringify({
                    message: templatePaths(policy.message, cwd),
                    ...(policy.details
                      ? { details: JSON.parse(templatePaths(JSON.stringify(policy.details), cwd)) }
                      : {}),
                  })}`
                : 'ask';
          const expected =
            real?.outcome === 'deny'
              ? `deny ${real.reasonType} ${JSON.stringify(data.denials[real.denial ?? -1])}`
              : text;
          if (fake !== expected) wrong.push(`${JSON.stringify(template)}: real ${expected}, fake ${fake}`);
        });
        expect(wrong).toEqual([]);
      });

      it(`${mode}: the rule for unseen commands lets through no command of the corpus the real CLI asked about or denied`, () => {
        const wrong = (data?.commands ?? []).filter(
          (template, i) =>
            safeCommand(fillCwd(template, cwd), mode, cwd) &&
            decodeDecision(data?.modes[mode]?.[i] ?? '')?.outcome !== 'run',
        );
        expect(wrong).toEqual([]);
      });
    }

    it('never runs without asking a generated command the real CLI would ask about or deny (default, dontAsk, acceptEdits, plan)', async () => {
      const permission = await permissionOf(version);
      const corpus = new Map(data?.commands.map((c, i) => [c, i]));
      /** The atoms of the corpus commands the real CLI ran, by mode. */
      const ranAtoms = new Map<string, Set<string>>();
      for (const [mode, list] of Object.entries(data?.modes ?? {})) {
        const atoms = new Set<string>();
        list.forEach((text, i) => {
          if (decodeDecision(text)?.outcome !== 'run') return;
          for (const atom of safeAtoms(fillCwd(data?.commands[i] ?? '', cwd), mode, cwd) ?? [])
            atoms.add(atom);
        });
        ranAtoms.set(mode, atoms);
      }
      fc.assert(
        fc.property(
          fc.gen(),
          fc.constantFrom(bashCommand, bashReader, nearRuleCommand),
          fc.constantFrom('default', 'dontAsk', 'acceptEdits', 'plan'),
          (g, grammar, mode) => {
            const template = grammar(fcChooser(g));
            const command = fillCwd(template, cwd);
            if (permission(command, mode).kind !== 'allow') return;
            const at = corpus.get(template);
            if (at !== undefined) {
              expect(decodeDecision(data?.modes[mode]?.[at] ?? '')?.outcome, template).toBe('run');
              return;
            }
            const atoms = safeAtoms(command, mode, cwd);
            expect(atoms, `${template}: run, though neither in the corpus nor in the rule`).toBeDefined();
            const unseen = (atoms ?? []).filter((a) => !ranAtoms.get(mode)?.has(a));
            expect(unseen, `${template}: atoms of no command the real CLI ran`).toEqual([]);
          },
        ),
        // A counterexample is a command: readable as found (shrinking through `gen` takes minutes).
        { numRuns: 2000, endOnFailure: true },
      );
    });
  },
);
