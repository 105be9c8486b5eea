import { packageInfo } from '../src/config/package-info.js';
import type { BenchConfig } from './config.js';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { timedRun } from './proc.js';
import { profileNodeScript, summarizeProfile } from './profile.js';
import { benchPaths } from './replay.js';
import { fmt, interleave, summarize } from './stats.js';

/**
 * The import of the pinned sets before they were reconciled with the Agent SDK (commit 3986027),
 * ~116–120 ms on the reference machine; the target is within 1.5× of it.
 */
export const SCHEMA_IMPORT_TARGET_MS = 180;

interface ImportRun {
  /** Import of the sets and `schemaSetFor`, inside the process (start-up apart), ms. */
  ms: number;
  /** CPU time of the same (user + system, every thread), ms. */
  cpuMs: number;
  /** Spawn → exit of the process, ms. */
  wallMs: number;
}

async function importOnce(version: string): Promise<ImportRun> {
  let line = '';
  const run = await timedRun({
    command: process.execPath,
    args: [benchPaths().child, 'schemas', version],
    onStdoutLine: (l) => {
      line = l;
    },
    measure: false,
  });
  if (run.exitCode !== 0 || line === '') return { ms: Number.NaN, cpuMs: Number.NaN, wallMs: Number.NaN };
  const { ms, cpuMs } = JSON.parse(line) as { ms: number; cpuMs: number };
  return { ms, cpuMs, wallMs: run.wallMs };
}

async function startUp(): Promise<ImportRun> {
  const run = await timedRun({ command: process.execPath, args: ['-e', ''], measure: false });
  return { ms: Number.NaN, cpuMs: Number.NaN, wallMs: run.exitCode === 0 ? run.wallMs : Number.NaN };
}

/**
 * §7 Schema sets at import: what every command that validates (validate, run, canary, changelog,
 * coverage) pays before its first message. The pinned sets are built when their modules load —
 * the base set, then each pin's corpus amendments and Agent SDK amendments applied — so the import
 * of `schemas/registry.js` and `schemaSetFor(<newest pin>)` is measured in a fresh process per
 * round, beside `node -e ''` for Node's own start-up.
 */
export async function benchSchemaImport(
  config: BenchConfig,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection('schemas', '7. Schema sets at import');
  const version = packageInfo().pinned;
  const runs = await interleave(
    [
      { name: 'import', run: () => importOnce(version) },
      { name: "node -e ''", run: () => startUp() },
    ],
    config.schemasRounds,
    (name, round, r) =>
      log(
        `  schemas round ${round + 1}/${config.schemasRounds} ${name}: ${name === 'import' ? `${fmt(r.ms, 0)} ms in process, ` : ''}${fmt(r.wallMs, 0)} ms wall`,
      ),
  );
  const imports = runs.import ?? [];
  const bare = runs["node -e ''"] ?? [];
  const ms = summarize(imports.map((r) => r.ms));
  const cpu = summarize(imports.map((r) => r.cpuMs));
  const wall = summarize(imports.map((r) => r.wallMs));
  const bareWall = summarize(bare.map((r) => r.wallMs));
  section.measures.push(
    measure(
      'schemas.import',
      `import of the pinned schema sets + \`schemaSetFor('${version}')\`, fresh process, ms`,
      ms,
      'ms',
      { op: '<=', value: SCHEMA_IMPORT_TARGET_MS },
      `CPU ${fmt(cpu.median, 0)} ms; the process ${fmt(wall.median, 0)} ms wall vs ${fmt(bareWall.median, 0)} ms for \`node -e ''\``,
    ),
  );
  section.tables.push({
    title: `Medians over ${config.schemasRounds} rounds (each a fresh process, the two alternating)`,
    columns: ['', 'in process ms', 'IQR', 'CPU ms', 'process wall ms'],
    rows: [
      [
        `import + \`schemaSetFor('${version}')\``,
        fmt(ms.median, 0),
        `${fmt(ms.p25, 0)}–${fmt(ms.p75, 0)}`,
        fmt(cpu.median, 0),
        fmt(wall.median, 0),
      ],
      ["`node -e ''`", '', '', '', fmt(bareWall.median, 0)],
    ],
  });
  section.notes.push(
    `In process: from before \`import('schemas/registry.js')\` to after \`schemaSetFor('${version}')\` (zod's own import included, Node's start-up not). Target ≤ ${SCHEMA_IMPORT_TARGET_MS} ms: within 1.5× of the same import before the pins were reconciled with the Agent SDK (~116–120 ms on the reference machine, commit 3986027). CPU counts every thread (the garbage collector's helpers too), so on a loaded machine it is the steadier figure.`,
  );
  section.data = { version, rounds: { import: imports, bare } };

  const missed = section.measures.some((m) => m.met === false);
  if (config.profile === 'always' || (config.profile === 'missed' && missed)) {
    const profile = await profileNodeScript(benchPaths().child, ['schemas', version], {});
    if (profile) {
      const p = summarizeProfile(
        profile,
        `import of the schema sets (own process, start-up included)`,
        benchPaths().root,
      );
      section.profiles.push(p);
      if (missed) {
        section.explanations.push(
          [
            `**${section.measures[0]!.label}: ${fmt(ms.median, 0)} ms (target ≤ ${SCHEMA_IMPORT_TARGET_MS} ms), missed.** Profile (${fmt(p.busyMs, 0)} ms busy): ${groupLine(p)}. The hot frames:`,
            ...hotSpotBullets(p),
          ].join('\n'),
        );
      }
    }
  }
  return section;
}
