import type { Json, ToolOutcome } from '../../behaviour/index.js';
import type { TurnState } from '../turn-state.js';
import { compact, isCompactCommand } from './compaction.js';
import { messageKindsData } from './data.js';
import type { KindsHost } from './host.js';
import { suggestPrompt } from './prompt-suggestion.js';
import { Subagents } from './subagent.js';
import type { MessageKindsData } from './types.js';

export type { HistoryMessage, KindsHost } from './host.js';

/**
 * The message kinds the fake produces beyond a plain turn, each as the emulated version's real CLI
 * does (its captured templates, `data/<version>.json`): a subagent's task messages, a manual
 * compaction, a prompt suggestion. The engine calls in where each begins.
 */
export class MessageKinds {
  private readonly data: MessageKindsData;
  private readonly subagents: Subagents | undefined;

  constructor(private readonly host: KindsHost) {
    this.data = messageKindsData(host.b.version);
    this.subagents = this.data.subagent ? new Subagents(host, this.data.subagent) : undefined;
  }

  /**
   * A prompt the CLI runs itself instead of a model turn (`/compact`): runs it and returns true;
   * false for any other prompt (or a version whose compaction was never captured).
   */
  async localCommand(content: unknown, turn: TurnState): Promise<boolean> {
    if (!this.data.compaction || !isCompactCommand(content)) return false;
    await compact(this.host, this.data.compaction, turn);
    return true;
  }

  /**
   * The model called the Agent tool (`Task` on older versions): runs the subagent and returns the
   * tool's outcome; `undefined` when the version's subagent was never captured.
   */
  agent(name: string, input: Json, toolUseId: string, turn: TurnState): Promise<ToolOutcome> | undefined {
    if (name !== 'Agent' && name !== 'Task') return undefined;
    return this.subagents?.run(input, toolUseId, turn);
  }

  /** A turn ended: with initialize's promptSuggestions, a suggested next prompt after a successful one. */
  async afterTurn(turn: TurnState): Promise<void> {
    if (!this.data.promptSuggestion || this.host.lastResultIsError()) return;
    await suggestPrompt(this.host, this.data.promptSuggestion, turn);
  }
}
