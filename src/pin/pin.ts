/**
 * `clide-conformance pin <version>`: the whole move to a new CLI release, in a checkout of the kit.
 *   1. install the CLI;
 *   2. record the catalogue from it into `fixtures/<version>/` (redacted, by clide-record);
 *   3. draft `schemas/<version>/` as amendments on the nearest pinned set below it (inference);
 *   4. register it (the generated schemas/pinned.ts, package.json subpaths), build, generate JSON Schema + .d.ts;
 *   5. capture the fake's static data for the version from the binary;
 *   6. validate the new corpus against the new schemas;
 *   7. compare the fake with the real CLI over the catalogue, taking the next override set's
 *      members (overrides.json) when they bring it nearer;
 *   8. write the version's coverage report;
 *   9. summarise what was written, what needs a human decision, and the next commands.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { pinnedVersions, schemaSetFor } from '../../schemas/registry.js';
import { versionOrder } from '../../schemas/version.js';
import { packageInfo } from '../config/package-info.js';
import { renderSdkAmendments } from '../coverage/render-sdk-amendments.js';
import { ClideError, interruptionOf, throwIfInterrupted } from '../errors/index.js';
import type { FakeDataStep } from '../fake-claude/capture/all.js';
import type { OverridesDraft } from '../fake-claude/capture/draft-overrides.js';
import type { Finding } from '../findings/index.js';
import { ensureInstalled, isExactVersion, resolveVersion } from '../install/index.js';
import {
  type InferredAmendment,
  inferAmendments,
  readCorpus,
  renderAmendmentsSource,
  renderIndexSource,
  type UnresolvedFinding,
} from '../schema-infer/index.js';
import { sdkInventoryVersions } from '../sdk-inventory/inventory.js';
import type { CorpusCheck } from './check-corpus.js';
import { type RecordCorpusResult, recordCorpus } from './record-corpus.js';
import { writeKitRegistries } from './register.js';

export interface PinOptions {
  /** An exact version or a dist-tag (`latest`). */
  version: string;
  /** Make it the kit's default pin (`clideConformance.pinned` in package.json). */
  makeDefault?: boolean;
  /** Scenarios run at once while recording (default 2). */
  jobs?: number;
  /**
   * Draft from the corpus already in `fixtures/<version>/` instead of recording it again (after
   * a change to the inference or to the scenarios' expectations).
   */
  reuseCorpus?: boolean;
  onProgress?: (line: string) => void;
  /**
   * Aborting it interrupts the pin: a recording under way stops (its CLIs killed, sandboxes and
   * partial recordings removed, the fixtures already recorded kept) and nothing further is written
   * (no schemas, no registration); later, the build or generation under way is stopped and no
   * further step starts. Either way `pin` throws the signal's `interrupted` error.
   */
  signal?: AbortSignal;
}

export interface PinResult {
  version: string;
  /** The pinned set the new one amends. */
  previous: string;
  /** Files and folders written, relative to the checkout. */
  wrote: string[];
  recorded: number;
  failedScenarios: Array<{ id: string; findings: Finding[]; file?: string }>;
  amendments: InferredAmendment[];
  unresolved: UnresolvedFinding[];
  /** Findings over the new corpus, with the new schemas, on lines the CLI wrote (should be none). */
  corpusFindings: Finding[];
  /** The fake's data captured from the binary, step by step (a failed step names why). */
  fakeData: FakeDataStep[];
  /** The fake compared with the real CLI, and its drafted overrides (none when its data failed). */
  fake?: OverridesDraft;
  madeDefault: boolean;
  next: string[];
}

/**
 * Runs a command of the checkout; a failure is an `internal` ClideError carrying its output. An
 * aborted `signal` stops the command and throws the interruption.
 */
async function run(
  root: string,
  file: string,
  args: string[],
  what: string,
  signal?: AbortSignal,
): Promise<string> {
  const result = await execa(file, args, {
    cwd: root,
    reject: false,
    all: true,
    ...(signal ? { cancelSignal: signal } : {}),
  });
  throwIfInterrupted(signal);
  if (result.exitCode !== 0) {
    throw new ClideError('internal', `${what} failed (exit ${result.exitCode})`, {
      where: `${file} ${args.join(' ')}`,
      hint: String(result.all ?? '').slice(-2000),
    });
  }
  return String(result.stdout ?? '');
}

export async function pin(options: PinOptions): Promise<PinResult> {
  const say = options.onProgress ?? (() => {});
  const root = packageInfo().root;
  const version = isExactVersion(options.version) ? options.version : await resolveVersion(options.version);
  const others = pinnedVersions().filter((v) => v !== version);
  if (others.length < pinnedVersions().length || existsSync(join(root, 'schemas', version))) {
    // A pin that stopped half-way (its set registered, not committed) may run again; a set that is
    // committed is never redrafted.
    if (await isCommitted(root, join('schemas', version, 'index.ts'))) {
      throw new ClideError('usage', `claude ${version} is already pinned`, {
        where: 'pin <version>',
        hint: `pinned: ${pinnedVersions().join(', ')}; a pinned set is never redrafted (review its amendments.ts by hand)`,
      });
    }
    say(`claude ${version} is pinned but not committed (a pin that stopped): pinning it again`);
  }
  const below = others.filter((v) => versionOrder(v, version) < 0).at(-1);
  if (below === undefined) {
    throw new ClideError('usage', `claude ${version} is older than every pinned version`, {
      where: 'pin <version>',
      hint: `a new set is drafted on the nearest pinned set below it; pinned: ${pinnedVersions().join(', ')}`,
    });
  }
  const previous = schemaSetFor(below).set;
  if (!existsSync(join(root, 'schemas', previous.version, 'index.ts'))) {
    throw new ClideError('usage', 'pin runs in a checkout of the kit (its schemas/ sources are needed)', {
      where: root,
    });
  }
  const corpusDir = join(root, 'fixtures', version);
  const reused = options.reuseCorpus ? await existingCorpus(corpusDir, version) : undefined;
  say(`pinning claude ${version} on the schemas of ${previous.version}`);
  const installed = await ensureInstalled(version, {
    onProgress: say,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const wrote: string[] = [];
  const rel = (p: string) => relative(root, p);

  // 2. The corpus.
  const failedDir = join(root, 'reports', `pin-${version}`, 'failed');
  if (!options.reuseCorpus) rmSync(failedDir, { recursive: true, force: true });
  const recording =
    reused ??
    (await recordCorpus({
      version,
      binaryPath: installed.binaryPath,
      dir: corpusDir,
      failedDir,
      ...(options.jobs ? { jobs: options.jobs } : {}),
      onProgress: say,
      ...(options.signal ? { signal: options.signal } : {}),
    }));
  const interruption = interruptionOf(options.signal);
  if (interruption) {
    throw new ClideError(
      'interrupted',
      `pin ${version} was interrupted by ${interruption.where} while recording the corpus: ` +
        `${recording.recorded.length} fixture(s) recorded, ${recording.notRecorded.length} scenario(s) not; ` +
        'no schemas were drafted and nothing was registered',
      {
        where: rel(corpusDir),
        hint: `run pin ${version} again to record the whole corpus`,
        exitCode: interruption.exitCode,
      },
    );
  }
  wrote.push(
    `${rel(corpusDir)}/ (${recording.recorded.length} fixtures${options.reuseCorpus ? ', reused' : ''})`,
  );
  if (recording.failed.length > 0)
    wrote.push(`${rel(failedDir)}/ (${recording.failed.length} failed recordings)`);

  // 3. Inference over everything the CLI said, the failed scenarios' recordings included.
  const corpus = [
    ...(await readCorpus(corpusDir)),
    ...(existsSync(failedDir) ? (await readCorpus(failedDir)).map((f) => ({ ...f, failed: true })) : []),
  ];
  const inference = inferAmendments(previous, version, corpus);
  say(
    `inferred ${inference.amendments.length} amendments in ${inference.rounds} rounds over ${inference.messages} CLI lines`,
  );
  const schemaDir = join(root, 'schemas', version);
  mkdirSync(schemaDir, { recursive: true });
  const amendmentsFile = join(schemaDir, 'amendments.ts');
  const indexFile = join(schemaDir, 'index.ts');
  writeFileSync(
    amendmentsFile,
    renderAmendmentsSource(inference.amendments, {
      version,
      previous: previous.version,
      sessions: corpus.length,
      messages: inference.messages,
    }),
  );
  writeFileSync(indexFile, renderIndexSource({ version, previous: previous.version }));
  // Empty until the reconciliation with the Agent SDK below writes it.
  const sdkAmendmentsFile = join(schemaDir, 'sdk-amendments.ts');
  writeFileSync(
    sdkAmendmentsFile,
    renderSdkAmendments({ cliVersion: version, sdkVersion: '', passes: [], constants: [] }),
  );
  wrote.push(rel(amendmentsFile), rel(indexFile), rel(sdkAmendmentsFile));

  throwIfInterrupted(options.signal);
  // 4. Registration, build, generated artefacts.
  // Every list of versions is generated from the folders: schemas/pinned.ts, package.json's subpaths.
  wrote.push(...writeKitRegistries(root, options.makeDefault ? { makeDefault: version } : {}).map(rel));
  await formatSources(root, [amendmentsFile, indexFile]);

  // 5. The fake's data for the version, every piece of it (needs the checkout's sources; rebuilt
  // below). A step that fails is a decision for a human: pin exits 1 naming it.
  say(`capturing the fake's data from claude ${version}`);
  const { captureFakeData } = await import('../fake-claude/capture/all.js');
  const fakeData = await captureFakeData(version, installed.binaryPath, say);
  for (const step of fakeData) wrote.push(...step.files.map(rel));

  say('building the kit with the new set');
  await run(root, 'npm', ['run', 'build'], 'npm run build', options.signal);

  // 4b. Agreement with the Agent SDK: the set accepts what the SDK that bundles this CLI declares
  // (the newest SDK, for the newest pin); its inventory is extracted first when there is none.
  const sdk = await bundledSdkVersion(version);
  if (sdk !== undefined && !sdkInventoryVersions().includes(sdk)) {
    say(`extracting the protocol inventory of Agent SDK ${sdk}`);
    await run(
      root,
      'node',
      ['dist/scripts/sdk-inventory.js', sdk],
      `npm run sdk:inventory -- ${sdk}`,
      options.signal,
    );
    wrote.push(rel(join(root, 'schemas', 'sdk', `${sdk}.json`)));
  }
  say('reconciling the new set with the Agent SDK');
  await run(
    root,
    'node',
    ['dist/scripts/reconcile-sdk.js', version],
    'npm run schemas:reconcile',
    options.signal,
  );
  await formatSources(root, [sdkAmendmentsFile]);
  await run(root, 'npm', ['run', 'build'], 'npm run build', options.signal);
  await run(
    root,
    'node',
    ['dist/scripts/generate-schemas.js', version],
    'generating JSON Schema and .d.ts',
    options.signal,
  );
  wrote.push(`${rel(join(schemaDir, 'generated'))}/`);

  // 6. The new corpus against the new schemas, in a fresh process (the new set is in dist/ now).
  const files = recording.recorded.map((r) => r.file);
  let corpusFindings: Finding[] = [];
  if (files.length > 0) {
    const out = await run(
      root,
      'node',
      ['dist/src/pin/check-corpus.js', version, ...files],
      'validating the corpus',
      options.signal,
    );
    corpusFindings = (JSON.parse(out) as CorpusCheck).cli;
  }

  // 7. The fake against the real CLI over the catalogue (as the differential test compares them),
  // with and without the next override set's members: the better is written as the version's
  // overrides.json; what still differs is a person's override to write.
  let fake: OverridesDraft | undefined;
  if (fakeData.some((step) => step.name === 'behaviour' && !step.error)) {
    say(`comparing the fake emulating claude ${version} with the real one over the catalogue`);
    const out = await run(
      root,
      'node',
      ['dist/src/fake-claude/capture/draft-overrides-cli.js', version, installed.binaryPath, '--json'],
      `npm run fake:draft-overrides -- ${version}`,
      options.signal,
    );
    const drafted = JSON.parse(out) as OverridesDraft & { registries: string[] };
    const { registries, ...draft } = drafted;
    fake = draft;
    if (draft.wrote.length > 0) {
      wrote.push(...draft.wrote.map(rel), ...registries.map(rel));
      await run(root, 'npm', ['run', 'build'], 'npm run build', options.signal);
    }
  }

  // 8. The coverage report of the version (docs/coverage/<version>.md and .json, held by
  // test/coverage.report.test.ts to what the command says).
  say(`writing the coverage report of claude ${version}`);
  await run(
    root,
    'node',
    ['bin/clide-conformance', 'coverage', '--cc-version', version, '--report-dir', 'docs/coverage'],
    `node bin/clide-conformance coverage --cc-version ${version} --report-dir docs/coverage`,
    options.signal,
  );
  wrote.push(`docs/coverage/${version}.md`, `docs/coverage/${version}.json`);

  const next = [
    `review schemas/${version}/amendments.ts: tighten inferred types, drop what a scenario provoked on purpose`,
    ...(recording.failed.length > 0
      ? [
          `decide on the ${recording.failed.length} scenario(s) whose expectations fail on ${version}: state what differs with byVersion in src/scenarios/catalogue/ (see ${rel(failedDir)}/), then: npm run fixtures:record -- --cc-version ${version} <id…>`,
        ]
      : []),
    `node bin/clide-conformance changelog ${previous.version} ${version} --report-dir docs/changelog`,
    `node bin/clide-conformance run --cc-version ${version} --baseline ${previous.version}   # the drift to accept in conformance.expected.json`,
    ...(fake && fake.differing.length > 0
      ? [
          `write what the fake does differently on ${version} as overrides in src/fake-claude/behaviour/${version}/overrides.ts, then npm run registries; each difference: npx vitest run test/fake-claude.differential.test.ts -t '${version}'`,
        ]
      : []),
    `after an edit of the schemas: npm run schemas:generate -- ${version}, node bin/clide-conformance coverage --cc-version ${version} --report-dir docs/coverage`,
    `npm test   # schemas, corpus, the fake's differential test for ${version}`,
    `git add fixtures/${version} schemas/${version} schemas/pinned.ts schemas/sdk package.json src/fake-claude docs/coverage && git commit`,
  ];
  return {
    version,
    previous: previous.version,
    wrote,
    recorded: recording.recorded.length,
    failedScenarios: recording.failed,
    amendments: inference.amendments,
    unresolved: inference.unresolved,
    corpusFindings,
    fakeData,
    ...(fake ? { fake } : {}),
    madeDefault: options.makeDefault ?? false,
    next,
  };
}

/** Whether `file` (relative to the checkout) is committed in its git repository; a checkout that is no repository counts as committed. */
export async function isCommitted(root: string, file: string): Promise<boolean> {
  const inRepo = await execa('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, reject: false });
  if (inRepo.exitCode !== 0) return true;
  const listed = await execa('git', ['ls-files', '--error-unmatch', file], { cwd: root, reject: false });
  return listed.exitCode === 0;
}

/**
 * Formats the sources pin wrote with the checkout's biome (none installed: left as written). A
 * source biome cannot format is not valid code: pin stops, naming it and biome's words.
 */
async function formatSources(root: string, files: string[]): Promise<void> {
  const biome = join(root, 'node_modules', '.bin', 'biome');
  if (!existsSync(biome)) return;
  const run = await execa(biome, ['format', '--write', ...files], { cwd: root, reject: false, all: true });
  if (run.exitCode !== 0) {
    throw new ClideError(
      'io',
      `pin wrote sources biome cannot format: ${files.map((f) => relative(root, f)).join(', ')}`,
      {
        where: files[0],
        hint: String(run.all ?? '')
          .trim()
          .split('\n')
          .slice(-20)
          .join('\n'),
      },
    );
  }
}

/** The corpus already recorded for `version`, as a recording result. */
async function existingCorpus(dir: string, version: string): Promise<RecordCorpusResult> {
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.jsonl')) : [];
  if (names.length === 0) {
    throw new ClideError('usage', `no corpus to reuse for ${version}`, {
      where: dir,
      hint: 'run pin without --reuse-corpus to record it',
    });
  }
  return {
    recorded: names.sort().map((n) => ({ id: n, file: join(dir, n), durationMs: 0 })),
    failed: [],
    notRecorded: [],
  };
}

/** The summary as text. */
export function renderPinSummary(result: PinResult): string {
  const lines: string[] = [
    `pinned claude ${result.version} (schemas drafted on ${result.previous})`,
    '',
    'wrote:',
  ];
  for (const w of result.wrote) lines.push(`  ${w}`);
  const kinds = new Map<string, number>();
  for (const a of result.amendments) kinds.set(a.amendment.op, (kinds.get(a.amendment.op) ?? 0) + 1);
  lines.push(
    '',
    `schemas: ${result.amendments.length} amendments (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'})`,
    `corpus: ${result.recorded} fixtures; CLI lines failing the new schemas: ${result.corpusFindings.length}`,
  );
  const captured = result.fakeData.filter((s) => !s.error).map((s) => s.name);
  if (captured.length > 0) lines.push(`fake data: ${captured.join(', ')}`);
  if (result.fake) {
    const f = result.fake;
    lines.push(
      `fake vs the real CLI, ${f.compared} scenarios: ${f.without.length} differ with the override sets up to ${result.version}` +
        (f.with ? `, ${f.with.length} with ${f.candidate}'s members too` : '') +
        (f.withFiled ? `, ${f.withFiled.length} with its overrides.json as it stood` : '') +
        (f.picks ? ` (taken: src/fake-claude/behaviour/${result.version}/overrides.json)` : ''),
    );
  }
  if (result.madeDefault) lines.push(`default pin: ${result.version}`);
  const decisions: string[] = [];
  for (const f of result.failedScenarios) {
    decisions.push(
      `  scenario ${f.id} fails on ${result.version}: ${f.findings
        .filter((x) => x.severity === 'breaking')
        .map((x) => x.message)
        .join('; ')}`,
    );
  }
  for (const step of result.fakeData.filter((s) => s.error)) {
    decisions.push(
      `  the fake's ${step.name} data was not captured: ${step.error} (npm run fake:capture-all -- ${result.version})`,
    );
  }
  for (const d of result.fake?.differing ?? []) {
    decisions.push(`  the fake differs from the real claude ${result.version} on ${d.scenario}: ${d.what}`);
  }
  for (const u of result.unresolved) {
    decisions.push(
      `  ${u.file} frame ${u.seq} (${u.root}): ${u.finding.message} — no amendment can express it`,
    );
  }
  for (const f of result.corpusFindings.slice(0, 20)) {
    decisions.push(`  ${f.location?.file ?? ''} frame ${f.location?.line ?? '?'}: ${f.message}`);
  }
  lines.push(
    '',
    decisions.length > 0 ? 'needs a human decision:' : 'needs a human decision: nothing',
    ...decisions,
  );
  lines.push('', 'next:', ...result.next.map((n) => `  ${n}`));
  return `${lines.join('\n')}\n`;
}

/**
 * The Agent SDK version that bundles CLI `version` (0.3.N bundles 2.1.N), when it is published;
 * undefined when it is not (the reconciliation then uses the inventories there are).
 */
async function bundledSdkVersion(version: string): Promise<string | undefined> {
  const patch = /^2\.1\.(\d+)$/.exec(version)?.[1];
  if (patch === undefined) return undefined;
  const candidate = `0.3.${patch}`;
  const result = await execa('npm', ['view', `@anthropic-ai/claude-agent-sdk@${candidate}`, 'version'], {
    reject: false,
  });
  return result.exitCode === 0 && result.stdout.trim() === candidate ? candidate : undefined;
}
