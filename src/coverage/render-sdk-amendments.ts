/**
 * `schemas/<version>/sdk-amendments.ts`: the amendments that make a pinned set accept every value
 * the Agent SDK declares, as reviewable source, one commented line per disagreement found. Written
 * by `npm run schemas:reconcile`, never by hand.
 */
import { type AmendmentDraft, draftKey } from './agreement.js';
import type { PlacedIssue } from './item-agreement.js';

export interface SdkAmendmentsFile {
  cliVersion: string;
  sdkVersion: string;
  /**
   * The disagreements of each pass, in pass order: a later pass's amendments may run through a
   * union an earlier pass's widening made, so they are written after all of it.
   */
  passes: ReadonlyArray<readonly PlacedIssue[]>;
  /** The named constants the drafts refer to (`ZodSourcePrinter.constants()`). */
  constants: readonly string[];
  /** [constant, SDK type name] of each (`ZodSourcePrinter.names()`): `$defs` of the generated files. */
  names?: ReadonlyArray<readonly [string, string]>;
}

const OP_ORDER: Record<AmendmentDraft['op'], number> = {
  'add-payload': 0,
  'add-variant': 1,
  'add-field': 2,
  'add-values': 3,
  optional: 4,
  widen: 5,
};

function depth(route: string): number {
  return route.length;
}

/**
 * The drafts, once each, in an order that applies: everything that keeps a node's kind first, and
 * widenings (which make a node a union) last, deepest first, so no route runs through a union an
 * earlier amendment made.
 */
export function orderedDrafts(issues: readonly PlacedIssue[]): PlacedIssue[] {
  const unique = new Map<string, PlacedIssue>();
  for (const issue of issues) {
    const key = draftKey(issue);
    if (!unique.has(key)) unique.set(key, issue);
  }
  return [...unique.values()].sort((a, b) => {
    const byOp = OP_ORDER[a.fix.op] - OP_ORDER[b.fix.op];
    if (byOp !== 0) return byOp;
    if (a.fix.op === 'widen' && b.fix.op === 'widen') return depth(b.fix.at) - depth(a.fix.at);
    return 0;
  });
}

function call(issue: PlacedIssue): string {
  const fix = issue.fix;
  const root = JSON.stringify(issue.root);
  switch (fix.op) {
    case 'add-field':
      return `addField(${root}, ${JSON.stringify(fix.at)}, ${JSON.stringify(fix.key)}, ${fix.source})`;
    case 'add-values':
      return `addValues(${root}, ${JSON.stringify(fix.at)}, ${JSON.stringify(fix.values)})`;
    case 'optional':
      return `makeOptional(${root}, ${JSON.stringify(fix.at)}, ${JSON.stringify(fix.key)})`;
    case 'widen':
      return `widen(${root}, ${JSON.stringify(fix.at)}, ${fix.source})`;
    case 'add-variant':
      return `addVariant(${root}, ${JSON.stringify(fix.at)}, ${fix.source})`;
    case 'add-payload':
      return `addPayload(${JSON.stringify(fix.subtype)}, ${fix.source})`;
  }
}

function comment(issue: PlacedIssue): string {
  const what = `${issue.code}${issue.key === undefined ? '' : ` "${issue.key}"`}: SDK ${issue.expected}; schema ${issue.actual}`;
  return `  // ${issue.item} — ${what.replace(/\s+/g, ' ').slice(0, 200)}`;
}

export function renderSdkAmendments(file: SdkAmendmentsFile): string {
  const seen = new Set<string>();
  const drafts = file.passes.flatMap((pass) =>
    orderedDrafts(pass).filter((d) => {
      const key = draftKey(d);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
  const used = new Set(drafts.map((d) => d.fix.op));
  const helpers = [
    'type Amendment',
    ...(used.has('add-field') ? ['addField'] : []),
    ...(used.has('add-payload') ? ['addPayload'] : []),
    ...(used.has('add-values') ? ['addValues'] : []),
    ...(used.has('add-variant') ? ['addVariant'] : []),
    ...(used.has('optional') ? ['makeOptional'] : []),
    ...(used.has('widen') ? ['widen'] : []),
  ];
  const usesZod = file.constants.length > 0 || drafts.some((d) => 'source' in d.fix);
  const lines = [
    '/**',
    ` * Claude Code CLI ${file.cliVersion}: what the Agent SDK ${file.sdkVersion} declares that the`,
    ' * corpus-drafted schemas did not accept, as amendments applied after `amendments.ts`. Written by',
    ` * \`npm run schemas:reconcile\` from \`schemas/sdk/${file.sdkVersion}.json\` (the SDK's`,
    ' * declarations): a value the SDK declares validates, a field is required only where the SDK',
    " * requires it, an item the SDK declares and no scenario provoked is typed with the SDK's declared",
    ' * shape. Do not edit: change the corpus amendments or re-run the reconciliation.',
    ' */',
    // `z` builds the constants and drafts; `sdkNamed` needs its type even when there are none.
    `import ${usesZod ? '' : 'type '}{ z } from 'zod';`,
    `import { ${helpers.join(', ')} } from '../amend.js';`,
    '',
    `export const sdkVersion = ${JSON.stringify(file.sdkVersion)};`,
    '',
    ...file.constants,
    ...(file.constants.length > 0 ? [''] : []),
    '/** The SDK types these amendments use, by their SDK names: `$defs` of the generated JSON Schemas. */',
    `export const sdkNamed: ReadonlyArray<readonly [z.ZodType, string]> = [${(file.names ?? [])
      .map(([ident, name]) => `[${ident}, ${JSON.stringify(name)}]`)
      .join(', ')}];`,
    '',
    `export const sdkAmendments: readonly Amendment[] = [`,
    ...drafts.flatMap((d) => [comment(d), `  ${call(d)},`]),
    '];',
    '',
  ];
  return lines.join('\n');
}
