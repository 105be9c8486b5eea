import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { isRecord } from '../../util/json.js';
import { displayModelName } from '../model-side/model-names.js';
import type { ModelSideData } from '../model-side/types.js';

/**
 * The context a claude binary puts around a session's first prompt, as templates (see
 * `ModelSideData['context']`), from the first requests of a plain session and of one with
 * `--max-budget-usd` (whose notice shows where session-start notices go), both with the prompt
 * `prompt`.
 */

type Json = Record<string, unknown>;

/** The budget the capture runs with: no other number in a request reads like it. */
export const CAPTURE_BUDGET = '5.5';
const SKILLS_HEAD = 'The following skills are available for use with the Skill tool:\n\n';
/** The deferred tools' list: its heading line, then a tool name per line. */
const DEFERRED_LIST =
  /(The following deferred tools are now available via ToolSearch\.[^\n]*\n)((?:[A-Za-z][\w-]*\n)*[A-Za-z][\w-]*)/;

/** The built-in tools a context text lists as deferred behind ToolSearch, in order (none: []). */
export function deferredToolNames(text: string | null): string[] {
  return text === null ? [] : (DEFERRED_LIST.exec(text)?.[2]?.split('\n') ?? []);
}

export interface ContextFacts {
  /** The sandbox's root (the run's cwd is `<root>/work`). */
  root: string;
  model: string;
  /** The day of the run, as the CLI writes it (YYYY-MM-DD). */
  date: string;
  osVersion: string;
}

/** A context text as a template (see `ModelSideData['context']`). */
export function contextTemplate(text: string, facts: ContextFacts): string {
  const name = displayModelName(facts.model);
  let out = text
    .split(`${facts.root}/work`)
    .join('{cwd}')
    .split(facts.date)
    .join('{date}')
    .split(facts.osVersion)
    .join('{osVersion}')
    .split(facts.model)
    .join('{modelId}')
    .split(name)
    .join('{modelName}')
    .replace(/( - Is a git repository: )(true|false)/, '$1{isGitRepo}')
    .replace(/( - Platform: )(\S+)/, '$1{platform}');
  if (out.includes(SKILLS_HEAD)) out = out.replace(SKILLS_HEAD, `${SKILLS_HEAD}{projectSkills}`);
  out = out.replace(DEFERRED_LIST, '$1{deferredTools}');
  return out;
}

function messagesOf(request: RecordedRequest): Json[] {
  const body = request.body as Json;
  return Array.isArray(body.messages) ? (body.messages as Json[]) : [];
}

function blockTexts(message: Json | undefined): string[] {
  if (!message) return [];
  if (typeof message.content === 'string') return [message.content];
  return (message.content as Json[]).map((b) => (typeof b.text === 'string' ? b.text : JSON.stringify(b)));
}

/** The first user message's blocks before the prompt, and the system-role message's text. */
export function contextOf(request: RecordedRequest, prompt: string) {
  const messages = messagesOf(request);
  const first = blockTexts(messages[0]);
  const at = first.lastIndexOf(prompt);
  if (messages[0]?.role !== 'user' || at < 0)
    throw new ClideError('io', 'the first request does not start with the prompt in a user message', {
      hint: JSON.stringify(messages).slice(0, 1000),
    });
  const system = messages.find((m) => m.role === 'system');
  const last = messages.at(-1);
  const lastBlock = Array.isArray(last?.content) ? (last.content as Json[]).at(-1) : undefined;
  return {
    blocks: first.slice(0, at),
    system: system ? blockTexts(system).join('') : null,
    systemFields: system
      ? Object.fromEntries(Object.entries(system).filter(([key]) => key !== 'role' && key !== 'content'))
      : {},
    cacheControl: isRecord(lastBlock?.cache_control) ? lastBlock.cache_control : null,
  };
}

/** The text both have in common at the start and end; what `longer` has more in between. */
export function addedText(shorter: string, longer: string): { head: number; added: string } {
  let head = 0;
  while (head < shorter.length && shorter[head] === longer[head]) head += 1;
  let tail = 0;
  while (
    tail < shorter.length - head &&
    shorter[shorter.length - 1 - tail] === longer[longer.length - 1 - tail]
  )
    tail += 1;
  return { head, added: longer.slice(head, longer.length - tail) };
}

const budgetText = (spent: string, max: string, remaining: string) =>
  `USD budget: $${spent}/$${max}; $${remaining} remaining`;

/**
 * The templates, from the first request of a plain session and the first two of a budget session
 * whose model called one tool (`budgetAfter`: its second request).
 */
export function captureContext(
  plain: RecordedRequest,
  budgetFirst: RecordedRequest,
  budgetAfter: RecordedRequest,
  prompt: string,
  facts: { plain: ContextFacts; budget: ContextFacts },
): ModelSideData['context'] {
  // Both sessions in templates (each its own sandbox and day), so only what one adds differs.
  const templated = (request: RecordedRequest, f: ContextFacts) => {
    const c = contextOf(request, prompt);
    const t = (text: string) => contextTemplate(text, f);
    return { ...c, blocks: c.blocks.map(t), system: c.system === null ? null : t(c.system) };
  };
  const base = templated(plain, facts.plain);
  const withBudget = templated(budgetFirst, facts.budget);
  const opening = budgetText('0', CAPTURE_BUDGET, CAPTURE_BUDGET);
  let notice: ModelSideData['context']['notice'];
  if (withBudget.blocks.length === base.blocks.length + 1) {
    const at = withBudget.blocks.findIndex((b) => b.includes(opening));
    if (at < 0) throw new ClideError('io', 'the budget session has one more block, without the budget');
    notice = { placement: 'user-block', at, template: withBudget.blocks[at]!.replace(opening, '{text}') };
  } else if (base.system && withBudget.system?.includes(opening)) {
    const { head, added } = addedText(base.system, withBudget.system);
    if (!added.includes(opening))
      throw new ClideError('io', 'the budget notice is not what the system-role message has more');
    notice = { placement: 'system-message', at: head, template: added.replace(opening, '{text}') };
  } else {
    throw new ClideError('io', 'no budget notice in the first request of a --max-budget-usd session', {
      hint: JSON.stringify(withBudget).slice(0, 1000),
    });
  }

  // After the tool: the notice with what was spent, on the tool_result or in a message of its own.
  const after = messagesOf(budgetAfter);
  const spentPattern = /USD budget: \$([\d.]+)\/\$5\.5; \$([\d.e-]+) remaining/;
  let budgetAfterTools: ModelSideData['context']['budgetAfterTools'] | undefined;
  for (const message of after.slice(1)) {
    if (message.role === 'system') {
      const text = blockTexts(message).join('');
      const match = spentPattern.exec(text);
      if (match && text === match[0]) budgetAfterTools = { placement: 'system-message', template: '{text}' };
    } else if (message.role === 'user' && Array.isArray(message.content)) {
      for (const block of message.content as Json[]) {
        if (block.type !== 'tool_result' || typeof block.content !== 'string') continue;
        const match = spentPattern.exec(block.content);
        if (!match) continue;
        const at = block.content.indexOf(match[0]);
        const start = block.content.lastIndexOf('\n\n<system-reminder>', at);
        budgetAfterTools = {
          placement: 'tool-result',
          template: block.content.slice(start).replace(match[0], '{text}'),
        };
      }
    }
  }
  if (!budgetAfterTools)
    throw new ClideError('io', 'no budget notice after the tool result of a --max-budget-usd session', {
      hint: JSON.stringify(after).slice(0, 2000),
    });
  return {
    userBlocks: base.blocks,
    systemMessage:
      base.system === null || notice.placement !== 'system-message'
        ? base.system
        : `${base.system.slice(0, notice.at)}{notices}${base.system.slice(notice.at)}`,
    userBlocksWithNotice:
      notice.placement === 'user-block' ? withBudget.blocks.filter((_, i) => i !== notice.at) : base.blocks,
    systemMessageFields: base.systemFields,
    deferredBuiltins: deferredToolNames(contextOf(plain, prompt).system),
    notice,
    budget: budgetText('{spent}', '{max}', '{remaining}'),
    budgetAfterTools,
    cacheControl: base.cacheControl,
  };
}
