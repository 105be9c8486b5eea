import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import '../util/zod-english.js';
import { ClideError } from '../errors/index.js';
import { JsonPathError, type PathSegment, parseJsonPath } from './json-path.js';

/**
 * User redaction rules, from a JSON file:
 *
 * ```json
 * { "rules": [
 *   { "name": "ticket-ids", "pattern": "ACME-\\d+", "replacement": "ACME-0000" },
 *   { "name": "prompts", "path": "$.message.content[*].text", "replacement": "[prompt]" },
 *   { "name": "db-password", "path": "$..input.command", "pattern": "--password=\\S+",
 *     "replacement": "--password=[redacted]", "secret": true }
 * ] }
 * ```
 *
 * - `path` only: every value the path reaches in a message is replaced by `replacement`.
 * - `pattern` only: the regex is applied to every string (values and keys) of every message and to
 *   raw text; `replacement` may use `$1`, `$<name>`, `$&`.
 * - both: the regex is applied only to the strings under the nodes the path reaches.
 * - `secret: true`: every text the rule replaced is also hunted by the leak scan.
 */
export const userRuleSchema = z
  .strictObject({
    name: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'a name is letters, digits and _ . : -')),
    path: z.optional(z.string().check(z.minLength(1))),
    pattern: z.optional(z.string().check(z.minLength(1))),
    flags: z.optional(
      z.string().check(z.regex(/^[imsu]*$/, 'flags are a subset of "imsu" ("g" is implied)')),
    ),
    replacement: z.string(),
    secret: z.optional(z.boolean()),
  })
  .check(
    z.refine((rule) => rule.path !== undefined || rule.pattern !== undefined, {
      message: 'a rule needs a "path", a "pattern", or both',
    }),
  );
export type UserRule = z.infer<typeof userRuleSchema>;

export const redactionConfigSchema = z.strictObject({
  $schema: z.optional(z.string()),
  rules: z.array(userRuleSchema),
});
export type RedactionConfig = z.infer<typeof redactionConfigSchema>;

export interface CompiledUserRule {
  name: string;
  path: PathSegment[] | undefined;
  regex: RegExp | undefined;
  replacement: string;
  secret: boolean;
}

/** Validates and compiles one rule; `where` names it in errors (`rules.json rules[2]`). */
export function compileUserRule(rule: UserRule, where: string): CompiledUserRule {
  let path: PathSegment[] | undefined;
  if (rule.path !== undefined) {
    try {
      path = parseJsonPath(rule.path);
    } catch (error) {
      const offset = error instanceof JsonPathError ? ` at character ${error.offset + 1}` : '';
      throw new ClideError(
        'usage',
        `rule "${rule.name}": bad "path" ${JSON.stringify(rule.path)}${offset}: ${(error as Error).message}`,
        {
          where: `${where}.path`,
          hint: 'paths use a small subset: $, .key, ["key"], [n], [*], .*, ..key',
        },
      );
    }
  }
  let regex: RegExp | undefined;
  if (rule.pattern !== undefined) {
    try {
      regex = new RegExp(rule.pattern, `gd${rule.flags ?? ''}`);
    } catch (error) {
      throw new ClideError('usage', `rule "${rule.name}": bad "pattern": ${(error as Error).message}`, {
        where: `${where}.pattern`,
        hint: 'patterns are JavaScript regular expressions (escape backslashes in JSON: "\\\\d+")',
      });
    }
    if (new RegExp(rule.pattern, rule.flags ?? '').test('')) {
      throw new ClideError('usage', `rule "${rule.name}": "pattern" matches the empty string`, {
        where: `${where}.pattern`,
        hint: 'a redaction pattern must match at least one character (use + rather than *)',
      });
    }
  }
  return { name: rule.name, path, regex, replacement: rule.replacement, secret: rule.secret === true };
}

/** Validates and compiles rules given in code (throws `ClideError('usage')` naming the bad rule). */
export function compileUserRules(rules: readonly UserRule[], source = 'redaction rules'): CompiledUserRule[] {
  const names = new Set<string>();
  return rules.map((rule, i) => {
    const where = `${source} rules[${i}]`;
    const parsed = z.safeParse(userRuleSchema, rule);
    if (!parsed.success) throw invalid(parsed.error, where);
    if (names.has(parsed.data.name)) {
      throw new ClideError('usage', `two rules are named "${parsed.data.name}"`, {
        where: `${where}.name`,
        hint: 'rule names must be unique',
      });
    }
    names.add(parsed.data.name);
    return compileUserRule(parsed.data, where);
  });
}

function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

/** `"replacement" is missing` rather than zod's `expected string, received undefined`. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.at(-1);
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message) && field !== undefined) {
    return `"${String(field)}" is missing`;
  }
  if (issue.code === 'unrecognized_keys')
    return `unknown key(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return field === undefined || typeof field === 'number'
    ? issue.message
    : `"${String(field)}": ${issue.message}`;
}

function invalid(error: z.core.$ZodError, where: string): ClideError {
  const issue = error.issues[0]!;
  const path = issuePath(issue);
  return new ClideError('usage', `invalid redaction rule: ${describeIssue(issue)}`, {
    where: path ? `${where}.${path}` : where,
    hint: 'a rule is {"name", "path"?, "pattern"?, "flags"?, "replacement", "secret"?}; see docs/fixture-format.md',
  });
}

/** Reads, validates and compiles-checks a rules file; errors name the file, the rule and the field. */
export function loadRedactionRules(path: string): UserRule[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ClideError('io', `cannot read the redaction rules: ${(error as Error).message}`, {
      where: path,
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ClideError('parse', `the redaction rules are not valid JSON: ${(error as Error).message}`, {
      where: path,
      hint: 'expected {"rules": [ … ]}',
    });
  }
  const parsed = z.safeParse(redactionConfigSchema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ClideError('usage', `invalid redaction rules: ${describeIssue(issue)}`, {
      where: `${path} ${issuePath(issue) || '(top level)'}`,
      hint: 'expected {"rules": [{"name", "path"?, "pattern"?, "flags"?, "replacement", "secret"?}, …]}',
    });
  }
  compileUserRules(parsed.data.rules, path);
  return parsed.data.rules;
}

/** Expands `$1`, `$<name>`, `$&`, `$$` in a replacement, like `String.prototype.replace`. */
export function expandReplacement(replacement: string, match: RegExpExecArray): string {
  return replacement.replace(
    /\$(\$|&|\d{1,2}|<([^>]*)>)/g,
    (whole, token: string, name: string | undefined) => {
      if (token === '$') return '$';
      if (token === '&') return match[0];
      if (name !== undefined) return match.groups?.[name] ?? '';
      const n = Number(token);
      return n >= 1 && n < match.length ? (match[n] ?? '') : whole;
    },
  );
}
