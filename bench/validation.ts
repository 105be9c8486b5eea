import type { BenchConfig } from './config.js';
import { type CorpusMessage, loadCorpus } from './corpus.js';
import { groupLine, hotSpotBullets } from './hot-spots.js';
import { emptySection, measure, type SectionResult } from './model.js';
import { timedRun } from './proc.js';
import { profileNodeScript, summarizeProfile } from './profile.js';
import { benchPaths } from './replay.js';
import { fmt, interleave, pairedRatios, summarize } from './stats.js';
import { type Check, runChecks, VALIDATOR_NAMES, type ValidatorName } from './validators.js';

/** Messages per second of one pass of `check` over `messages`. */
export function passRate(
  check: Check,
  messages: readonly CorpusMessage[],
): { perSecond: number; valid: number } {
  const t = performance.now();
  const valid = runChecks(check, messages);
  const ms = performance.now() - t;
  return { perSecond: messages.length / (ms / 1000), valid };
}

const WARMUP_PASSES = 2;
const MEASURED_PASSES = 5;

/** One validator in its own process: warm-up passes, then the median messages/s of the measured passes. */
async function childRate(
  name: ValidatorName,
  messages: number,
): Promise<{ perSecond: number; valid: number }> {
  let out = '';
  const run = await timedRun({
    command: process.execPath,
    args: [
      benchPaths().child,
      'validate',
      name,
      String(messages),
      String(MEASURED_PASSES),
      String(WARMUP_PASSES),
    ],
    onStdoutLine: (line) => {
      out += line;
    },
    measure: false,
  });
  if (run.exitCode !== 0) return { perSecond: Number.NaN, valid: Number.NaN };
  const parsed = JSON.parse(out) as { valid: number; rates: number[] };
  return { perSecond: summarize(parsed.rates).median, valid: parsed.valid };
}

/**
 * §4 Validation throughput on the recorded corpus (repeated to size): the kit's `validateMessage`,
 * the zod schemas' `safeParse`, and ajv on the exported JSON Schema. Each validator runs in a
 * process of its own (sharing one process skews V8's inline caches against whichever runs second),
 * with warm-up passes first; the processes alternate round by round.
 */
export async function benchValidation(
  config: BenchConfig,
  log: (line: string) => void,
): Promise<SectionResult> {
  const section = emptySection('validation', '4. Validation throughput');
  const corpus = loadCorpus();
  const variants = VALIDATOR_NAMES.map((name) => ({
    name,
    run: () => childRate(name, config.validateMessages),
  }));
  const runs = await interleave(variants, config.validateRounds, (name, round, r) =>
    log(`  validation round ${round + 1}/${config.validateRounds} ${name}: ${fmt(r.perSecond, 0)} msg/s`),
  );
  const rate = (name: ValidatorName) => (runs[name] ?? []).map((r) => r.perSecond);
  const valid = (name: ValidatorName) =>
    runs[name]?.find((r) => Number.isFinite(r.valid))?.valid ?? Number.NaN;
  section.measures.push(
    measure(
      'validation.validate-message-vs-ajv',
      '`validateMessage` (zod, kit path) / ajv, messages/s',
      summarize(pairedRatios(rate('validateMessage'), rate('ajv'))),
      '×',
      { op: '>=', value: 1.5 },
      `${fmt(summarize(rate('validateMessage')).median, 0)} vs ${fmt(summarize(rate('ajv')).median, 0)} msg/s`,
    ),
    measure(
      'validation.zod-vs-ajv',
      '`cliOutputMessage.safeParse` (zod) / ajv, messages/s',
      summarize(pairedRatios(rate('zod safeParse'), rate('ajv'))),
      '×',
      { op: '>=', value: 1 },
      `${fmt(summarize(rate('zod safeParse')).median, 0)} vs ${fmt(summarize(rate('ajv')).median, 0)} msg/s`,
    ),
  );
  section.tables.push({
    title: `Messages/s (medians over ${config.validateRounds} rounds; each round's figure is the median of ${MEASURED_PASSES} passes after ${WARMUP_PASSES} warm-up passes in a fresh process)`,
    columns: ['validator', 'msg/s', 'IQR', 'valid messages (of corpus pass)'],
    rows: VALIDATOR_NAMES.map((name) => {
      const s = summarize(rate(name));
      return [
        name,
        fmt(s.median, 0),
        `${fmt(s.p25, 0)}–${fmt(s.p75, 0)}`,
        `${valid(name)}/${config.validateMessages}`,
      ];
    }),
  });
  section.notes.push(
    `Corpus: ${corpus.length} recorded messages (every message frame of fixtures/<pinned>/ and every stdout line of test/data/<pinned>/), repeated to ${config.validateMessages}; each validator uses the schema of the message's direction (CLI output / client input). \`validateMessage\` turns problems into findings (walks the zod schema) and checks control payloads; \`safeParse\` and ajv only answer valid/invalid (ajv: draft 2020-12, allErrors off). Each runs in a process of its own (sharing one process, the validators slow each other down markedly: V8's inline caches in the shared code are shaped by whichever ran first), the three processes alternating round by round.`,
  );
  section.data = {
    corpus: corpus.length,
    messages: config.validateMessages,
    valid: Object.fromEntries(VALIDATOR_NAMES.map((n) => [n, valid(n)])),
    rates: Object.fromEntries(VALIDATOR_NAMES.map((n) => [n, rate(n)])),
  };

  const missed = section.measures.filter((m) => m.met === false);
  if (config.profile === 'always' || (config.profile === 'missed' && missed.length > 0)) {
    const names: ValidatorName[] =
      config.profile === 'always'
        ? ['validateMessage', 'zod safeParse', 'ajv']
        : missed.map((m) => (m.id === 'validation.zod-vs-ajv' ? 'zod safeParse' : 'validateMessage'));
    for (const name of [...new Set(names)]) {
      const profile = await profileNodeScript(
        benchPaths().child,
        ['validate', name, String(config.validateMessages), '10', '0'],
        {},
      );
      if (profile) {
        section.profiles.push(
          summarizeProfile(
            profile,
            `${name}, 10 passes over ${config.validateMessages} messages (own process, start-up included)`,
            benchPaths().root,
          ),
        );
      }
    }
    section.explanations.push(...explainValidation(section));
  }
  return section;
}

function explainValidation(section: SectionResult): string[] {
  const out: string[] = [];
  for (const m of section.measures.filter((x) => x.met === false)) {
    const name = m.id === 'validation.zod-vs-ajv' ? 'zod safeParse' : 'validateMessage';
    const p = section.profiles.find((x) => x.subject.startsWith(name));
    out.push(
      [
        `**${m.label}: ${fmt(m.value.median)}× (target ≥ ${fmt(m.target?.value ?? Number.NaN)}×), missed.** ${m.detail}. ajv compiles the JSON Schema into one straight-line function per schema. ` +
          (name === 'validateMessage'
            ? "`validateMessage` answers yes/no first (`src/validate/schema-fit.ts`, the walker's rules without building findings) and walks the zod schema into findings only for a message that has something to report; it also checks control payloads against their requests. "
            : '') +
          (p ? `Profile (${fmt(p.busyMs, 0)} ms busy): ${groupLine(p)}. The hot frames:` : ''),
        ...(p ? hotSpotBullets(p) : []),
        name === 'validateMessage'
          ? 'Remedy (owner of src/validate/): the yes/no check interprets the zod definitions node by node; compiling it per schema into straight-line code (as ajv and zod do) is the next step.'
          : 'Remedy (owner of schemas/): generate a standalone ajv validator from the exported JSON Schema at `npm run schemas:generate` for the hot path, and keep zod as the source of truth.',
      ].join('\n'),
    );
  }
  return out;
}
