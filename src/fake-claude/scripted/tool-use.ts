import { monotonicMs } from '../../util/clock.js';
import { isRecord } from '../../util/json.js';
import { randomUuid } from '../../util/uuid.js';
import type {
  CliBehaviour,
  Json,
  PermissionRecord,
  SessionFacts,
  ToolContext,
  ToolOutcome,
} from '../behaviour/index.js';
import type { FakeFlags } from '../flags.js';
import type { FakeIo } from '../io.js';
import type { PostToolUseContext } from '../model-side/hooks.js';
import { AbortError, PermissionToolMissing, StreamClosedError } from './errors.js';
import type { Extensions } from './extensions.js';
import type { HookRunner } from './hook-runner.js';
import type { McpHub } from './mcp-hub.js';
import type { MessageKinds } from './message-kinds/index.js';
import type { SessionState } from './session-state/index.js';
import type { StructuredOutput } from './structured-output/index.js';
import type { TurnState } from './turn-state.js';

/** What running a tool call reads and uses of the session (scripted/engine.ts). */
export interface ToolUseHost {
  readonly b: CliBehaviour;
  readonly flags: FakeFlags;
  readonly cwd: string;
  /** The session's environment (a session notice names its API base URL). */
  readonly env: Record<string, string | undefined>;
  /** Where a missing `--permission-prompt-tool` is reported. */
  readonly stderr: FakeIo['stderr'];
  /** The session's MCP servers: their tools, and the permission prompt tool. */
  readonly mcp: McpHub;
  /** PreToolUse and PostToolUse hooks. */
  readonly hookRunner: HookRunner;
  /** What the built-in tools run with: the working folder, the files the session has read. */
  readonly toolCtx: ToolContext;
  /** `--json-schema`'s StructuredOutput tool, when the session has one. */
  readonly structured: StructuredOutput | undefined;
  /** The skills the session found on disk (the Skill tool). */
  readonly skills: Extensions['skills'];
  /** A `can_use_tool` request requires action until it is answered (`system/session_state_changed`). */
  readonly sessionState: Pick<SessionState, 'prompting' | 'prompted'>;
  /** The Agent tool: a subagent of the message kinds (message-kinds/). */
  readonly kinds: Pick<MessageKinds, 'agent'>;
  /** The session's permission mode now. */
  readonly permissionMode: string;
  facts(): SessionFacts;
  emit(message: Json): void;
  /** The built-in tools the session has (after --tools, --disallowedTools). */
  builtinToolNames(): string[];
  /** Sends a CLI→client control request; rejects with AbortError (after control_cancel_request) on abort. */
  sendRequest(request: Json, signal?: AbortSignal): Promise<Json>;
}

/**
 * One tool call of the model, as the CLI runs it: the tool is known and its input valid, then
 * PreToolUse hooks, the permission decision (rules, the mode, `can_use_tool` or
 * `--permission-prompt-tool`), the tool itself (built-in, MCP, Skill, Agent, AskUserQuestion) and
 * PostToolUse hooks. A denial is recorded in the turn's `permission_denials`.
 */
export class ToolUse {
  private readonly b: CliBehaviour;
  /** The once-a-session notices already shown (`PermissionPolicy.sessionNotice`). */
  private readonly noticesShown = new Set<string>();

  constructor(private readonly host: ToolUseHost) {
    this.b = host.b;
  }

  /** Runs `block` (a tool_use) of `turn`; `denials` and `hookContext` collect what the turn reports. */
  async run(
    block: Json,
    turn: TurnState,
    denials: Json[],
    hookContext: PostToolUseContext[],
  ): Promise<ToolOutcome> {
    turn.toolUses += 1;
    const name = String(block.name);
    const toolUseId = String(block.id);
    let input = this.b.resolveToolInput(name, isRecord(block.input) ? block.input : {}, this.host.cwd);
    const deny = (text: string, permission: PermissionRecord): ToolOutcome => {
      denials.push({ tool_name: name, tool_use_id: toolUseId, tool_input: input });
      return {
        content: text,
        isError: true,
        toolUseResult: this.b.deniedToolUseResult(text, permission),
        permission,
      };
    };
    const rejected = (source: PermissionRecord['source'], reasonType?: string): PermissionRecord => ({
      nonExecution: 'permission-rule',
      decision: 'reject',
      source,
      ...(reasonType === undefined ? {} : { reasonType }),
    });
    let permission: PermissionRecord = { decision: 'accept', source: 'config' };
    let userModified = false;
    const isMcp = name.startsWith('mcp__');
    const known = isMcp
      ? this.host.mcp.tool(name) !== undefined
      : this.host.builtinToolNames().includes(name === 'Agent' ? 'Task' : name);
    if (!known) {
      const text = `Error: No such tool available: ${name}`;
      return { content: `<tool_use_error>${text}</tool_use_error>`, isError: true, toolUseResult: text };
    }
    if (this.host.structured?.handles(name)) return this.host.structured.call(input, turn);
    const invalid = this.b.validateTool(name, input, this.host.toolCtx);
    if (invalid) return invalid;

    // PreToolUse hooks (initialize.hooks), before any permission prompt.
    let hookAllows = false;
    const hook = await this.host.hookRunner.run(
      'PreToolUse',
      name,
      { tool_name: name, tool_input: input, tool_use_id: toolUseId },
      toolUseId,
      turn,
    );
    if (hook.deny !== undefined) return deny(hook.deny, rejected('hook', 'hook'));
    if (hook.allow) hookAllows = true;
    if (hook.updatedInput) input = hook.updatedInput;

    const allowed = (this.host.flags.allowedTools ?? []).flatMap((t) => t.split(/[\s,]+/)).includes(name);
    // A call --allowedTools lets through is settled by that rule (2.1.332's tool_result_meta says so).
    const policy = hookAllows
      ? { kind: 'allow' as const }
      : allowed
        ? { kind: 'allow' as const, reasonType: 'rule' }
        : this.b.permissionPolicy(name, input, this.host.permissionMode, this.host.cwd);
    if (policy.kind === 'deny') {
      if (policy.sessionNotice && !this.noticesShown.has(policy.sessionNotice)) {
        this.noticesShown.add(policy.sessionNotice);
        const notice = this.b.sessionNotice(policy.sessionNotice, this.host.facts(), randomUuid(), {
          baseUrl: this.host.env.ANTHROPIC_BASE_URL,
        });
        if (notice) this.host.emit(notice);
      }
      this.host.emit(
        this.b.permissionDeniedEvent(
          this.host.facts(),
          name,
          toolUseId,
          policy.reasonType,
          policy.message,
          randomUuid(),
          policy.details,
        ),
      );
      return deny(policy.message, {
        ...rejected('config', policy.reasonType),
        ...(policy.nonExecution ? { nonExecution: policy.nonExecution } : {}),
      });
    }
    if (policy.kind === 'allow' && policy.reasonType !== undefined) {
      permission = { decision: 'accept', source: 'config', reasonType: policy.reasonType };
    }
    if (policy.kind === 'ask') {
      const promptTool = this.host.flags.permissionPromptTool;
      if (promptTool === undefined) {
        const text = this.b.autoDenyText(name, input, this.host.cwd);
        const event = this.b.autoDenyEvent(this.host.facts(), name, toolUseId, text, randomUuid());
        if (event) this.host.emit(event);
        return deny(text, { nonExecution: 'user-rejected', decision: 'reject', source: 'config' });
      }
      let reply: Json;
      try {
        if (promptTool === 'stdio') {
          const server = this.host.mcp.tool(name)?.server;
          reply = await this.askPermission(
            this.b.permissionRequest(
              {
                subtype: 'can_use_tool',
                tool_name: name,
                display_name: this.b.displayName(name),
                input,
                ...(policy.description ? { description: policy.description } : {}),
                ...(policy.suggestions ? { permission_suggestions: policy.suggestions } : {}),
                ...(policy.blockedPath ? { blocked_path: policy.blockedPath } : {}),
                ...(policy.reasonType ? { decision_reason_type: policy.reasonType } : {}),
                tool_use_id: toolUseId,
              },
              server && { name: server.name, origin: server.stdio || server.config ? 'config' : 'sdk' },
            ),
            turn.abort.signal,
          );
        } else {
          reply = await this.askPermissionTool(promptTool, name, input, toolUseId, turn);
        }
      } catch (error) {
        if (error instanceof AbortError)
          return deny(this.b.permissionAborted, { nonExecution: 'user-rejected' });
        if (error instanceof StreamClosedError)
          return deny(this.b.permissionStreamClosed, rejected('config', 'other'));
        if (error instanceof PermissionToolMissing) {
          const available = this.host.facts().tools.filter((t) => t.startsWith('mcp__'));
          const text = this.b.permissionToolMissing(name, error.tool, available);
          this.host.stderr.write(`${text.stderr}\n`);
          return {
            content: `<tool_use_error>${text.result}</tool_use_error>`,
            isError: true,
            toolUseResult: text.result,
          };
        }
        return deny(
          `Tool permission request failed: Error: ${(error as Error).message}`,
          rejected('config', 'other'),
        );
      }
      const replyProblem = await this.b.validatePermissionReply(reply);
      if (replyProblem !== undefined) return deny(replyProblem, rejected('config', 'other'));
      if (reply.behavior === 'deny') {
        if (reply.interrupt === true && !turn.interrupted) {
          turn.interrupted = true;
          turn.abort.abort();
        }
        return deny(String(reply.message), rejected('user_reject'));
      }
      const allowed = this.b.allowedInput(reply, input);
      userModified = JSON.stringify(allowed) !== JSON.stringify(input);
      input = allowed;
      permission = { decision: 'accept', source: 'user_temporary' };
    }

    const started = monotonicMs();
    const outcome: ToolOutcome = {
      ...(await this.executeTool(name, input, toolUseId, turn, userModified)),
      permission,
    };
    const post = await this.host.hookRunner.run(
      'PostToolUse',
      name,
      {
        tool_name: name,
        tool_input: input,
        tool_response: outcome.toolUseResult,
        tool_use_id: toolUseId,
        duration_ms: Math.round(monotonicMs() - started),
      },
      toolUseId,
      turn,
    );
    for (const context of post.additionalContext) {
      hookContext.push({ toolName: name, context });
    }
    return outcome;
  }

  /** A `can_use_tool` request: the session requires action until it is answered. */
  private async askPermission(request: Json, signal: AbortSignal): Promise<Json> {
    this.host.sessionState.prompting();
    try {
      return await this.host.sendRequest(request, signal);
    } finally {
      this.host.sessionState.prompted();
    }
  }

  /** `--permission-prompt-tool mcp__server__tool`: the decision comes from that MCP tool (JSON text). */
  private async askPermissionTool(
    promptTool: string,
    toolName: string,
    input: Json,
    toolUseId: string,
    turn: TurnState,
  ): Promise<Json> {
    const target = this.host.mcp.tool(promptTool);
    if (!target) throw new PermissionToolMissing(promptTool);
    const id = target.server.nextId++;
    const response = await this.host.mcp.request(
      target.server,
      {
        method: 'tools/call',
        params: {
          name: target.tool,
          arguments: { tool_name: toolName, input, tool_use_id: toolUseId },
          _meta: { 'claudecode/toolUseId': toolUseId, progressToken: id },
        },
        jsonrpc: '2.0',
        id,
      },
      turn.abort.signal,
    );
    const result = isRecord(response.result) ? response.result : {};
    const first = Array.isArray(result.content) ? (result.content as unknown[]).find(isRecord) : undefined;
    const text = first && typeof first.text === 'string' ? first.text : '';
    return JSON.parse(text) as Json;
  }

  private async executeTool(
    name: string,
    input: Json,
    toolUseId: string,
    turn: TurnState,
    userModified: boolean,
  ): Promise<ToolOutcome> {
    const agent = this.host.kinds.agent(name, input, toolUseId, turn);
    if (agent) return agent;
    if (name === 'AskUserQuestion') {
      const answers = isRecord(input.answers) ? (input.answers as Record<string, string>) : {};
      return {
        content: this.b.askAnswerText(answers),
        isError: false,
        toolUseResult: { questions: input.questions, answers },
      };
    }
    if (name === 'Skill' && typeof input.skill === 'string') {
      const skill = this.host.skills.get(input.skill);
      if (skill) {
        const { outcome, injectedText } = this.b.skillOutcome(input.skill, skill.dir, skill.body);
        return { ...outcome, injectedText };
      }
    }
    const mcp = this.host.mcp.tool(name);
    if (mcp) {
      const id = mcp.server.nextId++;
      try {
        const response = await this.host.mcp.request(
          mcp.server,
          {
            method: 'tools/call',
            params: {
              name: mcp.tool,
              arguments: input,
              _meta: { 'claudecode/toolUseId': toolUseId, progressToken: id },
            },
            jsonrpc: '2.0',
            id,
          },
          turn.abort.signal,
        );
        if (isRecord(response.error)) {
          const text = `MCP error ${String(response.error.code)}: ${String(response.error.message)}`;
          return { content: text, isError: true, toolUseResult: `Error: ${text}` };
        }
        return this.b.mcpToolOutcome(isRecord(response.result) ? response.result : {});
      } catch (error) {
        const text = (error as Error).message;
        return { content: text, isError: true, toolUseResult: `Error: ${text}` };
      }
    }
    return this.b.runTool(name, input, { ...this.host.toolCtx, userModified });
  }
}
