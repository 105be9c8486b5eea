import type { Finding } from '../findings/index.js';
import { renderPath } from './render-path.js';
import { type CompareContext, createContext } from './rules/context.js';
import { countsOrderRule } from './rules/counts-order.js';
import { denialsRule } from './rules/denials.js';
import { exitRule, hangRule } from './rules/exit.js';
import { kindsRule } from './rules/kinds.js';
import { replyPayloadRule } from './rules/reply-payload.js';
import { shapesRule } from './rules/shapes.js';
import { sideRequestsRule } from './rules/side-requests.js';
import { stderrRule } from './rules/stderr.js';
import { textsOf, textsRule } from './rules/texts.js';
import { valuesRule } from './rules/values.js';
import { walkShapes } from './rules/walker.js';
import { type Variation, variationFor } from './variation.js';
import type { WireLog } from './wire-log.js';

/**
 * The structural comparison of two runs of the same scenario — a baseline (fixture of the pinned
 * CLI) and a current run (a new CLI, or a second fixture or capture) — used by both `run` and
 * `diff`. One small rule per concern (`rules/`), all structural ones sharing one walker over the
 * merged shapes of each kind:
 *
 * hang → kinds (gone, new, renamed, success ↔ error) → counts and order → shapes and values (the
 * walker) → control reply payloads → texts → denials → exit status → stderr → the model API side
 * requests outside the script.
 *
 * Not compared: ids, timestamps, durations, costs, numbers, sandbox paths, the number and order of
 * timing-dependent messages, what the scenario's variation data says varies between runs of the
 * same CLI, and what either log did not record (exit, stderr, the client side of a stdout capture).
 */
export interface CompareOptions {
  /** Stamped on every finding's location. */
  scenario?: string;
  /** What varies between runs; default: the variation data of both logs' CLI versions for the scenario. */
  variation?: Variation;
}

const RULES: ReadonlyArray<(ctx: CompareContext) => void> = [
  hangRule,
  kindsRule,
  countsOrderRule,
  (ctx) => walkShapes(ctx, [shapesRule, valuesRule]),
  replyPayloadRule,
  textsRule,
  denialsRule,
  exitRule,
  stderrRule,
  sideRequestsRule,
];

export function compareWireLogs(
  baseline: WireLog,
  current: WireLog,
  options: CompareOptions = {},
): Finding[] {
  const variation = options.variation ?? [
    ...variationFor(baseline.cliVersion, options.scenario),
    ...(current.cliVersion === baseline.cliVersion ? [] : variationFor(current.cliVersion, options.scenario)),
  ];
  const ctx = createContext(baseline, current, { scenario: options.scenario, variation });
  for (const rule of RULES) rule(ctx);
  return ctx.findings;
}

export { renderPath, textsOf };
