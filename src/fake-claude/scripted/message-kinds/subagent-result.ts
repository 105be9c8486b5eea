import type { CallUsage, Json, SessionFacts, ToolOutcome } from '../../behaviour/index.js';
import { fillTemplate } from './fill.js';
import type { SubagentData } from './types.js';

/** What the subagent did, for the Agent tool's result. */
export interface SubagentRun {
  report: string;
  /** The tools it called, in order (repeats included). */
  toolNames: string[];
  totalTokens: number;
  durationMs: number;
  /** Its last response's usage. */
  usage: CallUsage;
  /** The model it asked (the API's name). */
  model: string;
  /** The task's strings (`{taskId}`, `{prompt}`, …). */
  strings: Record<string, string>;
}

/** Each line of `text` indented with `indent` (a hand-back's report and notes). */
export function indentLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/** `toolStats`: how many calls of each kind (line counts are not emulated: 0). */
function toolStats(keys: string[], toolNames: string[]): Json {
  const kind = (name: string) =>
    name === 'Bash'
      ? 'bashCount'
      : name === 'Read'
        ? 'readCount'
        : name === 'Grep' || name === 'Glob'
          ? 'searchCount'
          : ['Edit', 'Write', 'NotebookEdit'].includes(name)
            ? 'editFileCount'
            : 'otherToolCount';
  const stats: Json = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const name of toolNames) {
    const key = kind(name);
    if (key in stats) stats[key] = Number(stats[key]) + 1;
  }
  return stats;
}

/** The fingerprint of a hand-back's content blocks (2.1.332's `harnessSectionHash`). */
async function sectionHash(blocks: Json[]): Promise<string> {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  hash.update(String(blocks.length));
  for (const block of blocks) {
    const text = String(block.text ?? '');
    hash.update(`:${text.length}:`);
    hash.update(text);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The Agent tool's result for a subagent that ended with `run.report`: the tool_result content (the
 * version's text around the report: its agent id, usage, and on later versions the hand-back frame
 * with the harness notes) and `tool_use_result`, from the captured templates.
 */
export async function agentToolOutcome(
  data: SubagentData['result'],
  facts: SessionFacts,
  run: SubagentRun,
): Promise<ToolOutcome> {
  const used = [...new Set(run.toolNames)];
  const notes =
    data.toolsNote !== undefined && used.length > 0
      ? [fillTemplate(data.toolsNote, facts, { strings: { tools: used.join(', ') } })]
      : [];
  const content: Json[] = [...notes, run.report].map((text) => ({ type: 'text', text }));
  const numbers = {
    totalTokens: String(run.totalTokens),
    toolUses: String(run.toolNames.length),
    durationMs: String(run.durationMs),
  };
  const strings = {
    ...run.strings,
    ...numbers,
    report: indentLines(run.report, data.reportIndent),
    notes: notes.map((n) => `${indentLines(n, data.reportIndent)}\n`).join(''),
  };
  const usage = fillTemplate(data.usage, facts, { values: { ...run.usage } });
  const toolUseResult = fillTemplate(data.toolUseResult, facts, {
    strings: run.strings,
    values: {
      content,
      durationMs: run.durationMs,
      totalTokens: run.totalTokens,
      toolUses: run.toolNames.length,
      usage,
      // Observed only for a subagent that called tools.
      toolStats: data.toolStats && used.length > 0 ? toolStats(data.toolStats, run.toolNames) : undefined,
      toolsUsed: used.length > 0 ? used : undefined,
      noteCount: notes.length,
      harnessHash: 'harnessSectionHash' in data.toolUseResult ? await sectionHash(content) : undefined,
      model: run.model,
    },
  });
  return {
    content: data.content.map((block) => fillTemplate(block, facts, { strings })),
    isError: false,
    toolUseResult,
  };
}
