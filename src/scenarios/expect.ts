import type { ScenarioContext } from './scenario.js';

type Json = Record<string, unknown>;

/** Reads a nested field without ceremony: `get(msg, 'message', 'content', 0, 'text')`. */
export function get(value: unknown, ...path: Array<string | number>): unknown {
  let cur: unknown = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

/** The content blocks of every message of `type` (`user`, `assistant`), in order. */
function contentBlocks(messages: Json[], type: string): Json[] {
  return messages
    .filter((m) => m.type === type)
    .flatMap((m) => {
      const content = get(m, 'message', 'content');
      return Array.isArray(content) ? (content as Json[]) : [];
    });
}

/** All tool_result blocks the CLI reported (in `user` messages). */
export function toolResults(messages: Json[]): Json[] {
  return contentBlocks(messages, 'user').filter((b) => b.type === 'tool_result');
}

/** The ids of the tool_use blocks the CLI showed in `assistant` messages, in order. */
export function toolUseIds(messages: Json[]): unknown[] {
  return contentBlocks(messages, 'assistant')
    .filter((b) => b.type === 'tool_use')
    .map((b) => b.id);
}

/** The text of a tool_result block, whether its content is a string or text blocks. */
export function toolResultText(block: Json | undefined): string {
  const content = block?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => (c as Json).text ?? '').join('');
  return '';
}

/** Sends a user turn and waits for its result; checks it is a success unless told otherwise. */
export async function turn(ctx: ScenarioContext, prompt: string, expectSubtype = 'success'): Promise<Json> {
  ctx.session.sendUser(prompt);
  const result = await ctx.session.waitForResult();
  ctx.checkEqual(
    result.subtype,
    expectSubtype,
    'result/subtype',
    `the turn ends with result/${expectSubtype}`,
    ['subtype'],
  );
  return result;
}

/** Checks a control response is a success and returns its payload. */
export function success(ctx: ScenarioContext, response: Json, what: string): Json {
  ctx.checkEqual(
    response.subtype,
    'success',
    'control/response-subtype',
    `${what} is answered with success`,
    ['response', 'subtype'],
  );
  return (response.response ?? {}) as Json;
}

/**
 * Checks that `value` has the `expected` fields in that relative order. Fields it has beyond them
 * are not this check's business: a field a later CLI adds is an additive finding of the baseline
 * comparison, not a broken contract. (The fake's exact field list is pinned by its differential test.)
 */
export function checkFieldsInOrder(
  ctx: ScenarioContext,
  value: unknown,
  expected: readonly string[],
  code: string,
  message: string,
  path: Array<string | number> = [],
): boolean {
  const actual = value !== null && typeof value === 'object' ? Object.keys(value) : [];
  const positions = expected.map((key) => actual.indexOf(key));
  const ok = positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!));
  return ctx.check(ok, code, message, { path, expected, actual });
}

const isInit = (m: Json) => m.type === 'system' && m.subtype === 'init';

/**
 * Whether the session runs in a permission mode that asks the client before a tool that would ask
 * (`system/init`'s `permissionMode` is not `auto`); records a breaking `permission/auto-mode`
 * finding when it does not. A fresh session of 2.1.285 to 2.1.301 starts in auto mode
 * (`VERSION_FACTS.autoModeByDefault`): a client that relies on `can_use_tool` or a permission tool
 * is asked nothing and the tool runs. A scenario whose contract is the prompt checks this first and
 * stops when it fails, so that change is its one finding, not every prompt that never came (or a
 * hang waiting for one). Waits for `system/init` when the session has not sent it yet.
 */
export async function checkPromptingMode(ctx: ScenarioContext): Promise<boolean> {
  const init = ctx.session.messages().find(isInit) ?? (await ctx.session.waitFor(isInit, 'system/init'));
  return ctx.check(
    init.permissionMode !== 'auto',
    'permission/auto-mode',
    'the session starts in a permission mode that asks the client, not in auto mode (the default of 2.1.285 to 2.1.301)',
    { path: ['permissionMode'], expected: 'default', actual: init.permissionMode },
  );
}
