import type { CallUsage } from '../behaviour/index.js';

/** One user turn in progress: what the result message reports and what an interrupt aborts. */
export interface TurnState {
  abort: AbortController;
  interrupted: boolean;
  started: number;
  ttftMs: number;
  apiMs: number;
  usage: CallUsage;
  toolUses: number;
  /** Model responses received in this turn (what `--max-turns` limits). */
  modelCalls: number;
  /** A Stop hook blocked once already in this turn (`stop_hook_active`). */
  stopHookActive: boolean;
  /** What the turn was doing when interrupted: `streaming` (model call) or `tools`. */
  phase: 'streaming' | 'tools';
  /** The id of the prompt that started the turn (hook inputs of some versions carry it). */
  promptId: string;
  /** The ids of the API messages begun in this turn. */
  messageIds: string[];
}
