import type { Json, ToolOutcome } from '../../behaviour/index.js';
import type { TurnState } from '../turn-state.js';
import { messageKindsData } from './data.js';
import type { KindsHost } from './host.js';
import { Subagents } from './subagent.js';
import type { MessageKindsData } from './types.js';

export type { HistoryMessage, KindsHost } from './host.js';

/**
 * The message kinds the fake produces beyond a plain turn, each as the emulated version's real CLI
 * does (its captured templates, `data/<version>.json`): a subagent's task messages. The
 * engine calls in where each begins.
 */
export class MessageKinds {
  private readonly data: MessageKindsData;
  private readonly subagents: Subagents | undefined;

  constructor(host: KindsHost) {
    this.data = messageKindsData(host.b.version);
    this.subagents = this.data.subagent ? new Subagents(host, this.data.subagent) : undefined;
  }

  /**
   * The model called the Agent tool (`Task` on older versions): runs the subagent and returns the
   * tool's outcome; `undefined` when the version's subagent was never captured.
   */
  agent(name: string, input: Json, toolUseId: string, turn: TurnState): Promise<ToolOutcome> | undefined {
    if (name !== 'Agent' && name !== 'Task') return undefined;
    return this.subagents?.run(input, toolUseId, turn);
  }
}
