import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { schemaSetFor } from '../schemas/registry.js';
import { packageInfo } from '../src/config/package-info.js';
import { validateMessage } from '../src/validate/index.js';
import type { CorpusMessage } from './corpus.js';

/** A validator under test: true when the message is valid (or has no breaking finding). */
export type Check = (m: CorpusMessage) => boolean;

export const VALIDATOR_NAMES = ['validateMessage', 'zod safeParse', 'ajv'] as const;
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

/**
 * The three validators compared on the corpus, each picking the schema of the message's direction:
 * - `validateMessage`: the kit's path (`src/validate/`): zod walk into findings, control checks;
 * - `zod safeParse`: the pinned zod schemas alone (`cliOutputMessage` / `clientInputMessage`);
 * - `ajv`: ajv 8 (draft 2020-12) compiled from the exported JSON Schema of the same two roots.
 */
export function buildValidators(
  root = packageInfo().root,
  version = packageInfo().pinned,
): Record<ValidatorName, Check> {
  return {
    validateMessage: buildValidator('validateMessage', root, version),
    'zod safeParse': buildValidator('zod safeParse', root, version),
    ajv: buildValidator('ajv', root, version),
  };
}

/** One of the validators (ajv compiles its schemas only when it is the one asked for). */
export function buildValidator(
  name: ValidatorName,
  root = packageInfo().root,
  version = packageInfo().pinned,
): Check {
  const { set } = schemaSetFor(version);
  const { cliOutputMessage, clientInputMessage } = set;
  if (name === 'validateMessage') {
    return (m) =>
      validateMessage(m.msg, { direction: m.dir, schemaSet: set }).every((f) => f.severity !== 'breaking');
  }
  if (name === 'zod safeParse') {
    return (m) => (m.dir === 'from-cli' ? cliOutputMessage : clientInputMessage).safeParse(m.msg).success;
  }
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  const generated = join(root, 'schemas', set.version, 'generated');
  const load = (file: string) => JSON.parse(readFileSync(join(generated, `${file}.schema.json`), 'utf8'));
  const ajvOut = ajv.compile(load('cli-output-message'));
  const ajvIn = ajv.compile(load('client-input-message'));
  return (m) => (m.dir === 'from-cli' ? ajvOut(m.msg) : ajvIn(m.msg)) as boolean;
}

/** Validates every message once; returns how many passed. */
export function runChecks(check: Check, messages: readonly CorpusMessage[]): number {
  let valid = 0;
  for (const m of messages) if (check(m)) valid += 1;
  return valid;
}
