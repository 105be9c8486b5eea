import { isRecord } from '../../../util/json.js';
import type { Json } from '../../behaviour/index.js';
import { capturedReplies, emitAfter } from './captured.js';
import { outputStyleInForce } from './session-settings.js';
import type { ControlHandler, ControlSession } from './types.js';

/**
 * `initialize`: the first takes the client's hooks and SDK MCP servers and answers with the
 * session's commands, models and account; a second is answered alike or refused, as the version does.
 */
export const initialize: ControlHandler = {
  subtype: 'initialize',
  handle(session, request, requestId) {
    const { b } = session;
    if (session.initialized) {
      // A second one: versions that answer it as the first (its captured reply is a success) do so.
      const [again] = capturedReplies(b.version, 'initialize');
      if (again?.envelope.subtype === 'success') {
        // It tells again which of its fields the flags read (the servers are already started).
        const { reply } = session.awaitInit.read(request);
        session.reply(
          requestId,
          { ...initializeAnswer(session, request), ...(b.confirmsInitializeFields ? reply : {}) },
          'initialize',
        );
        emitAfter(session, again, request);
        return;
      }
      session.emit({
        type: 'control_response',
        response: {
          subtype: 'error',
          error: b.alreadyInitializedError,
          request_id: requestId,
          pending_permission_requests: [],
        },
      });
      return;
    }
    session.initialized = true;
    session.hooks = isRecord(request.hooks) ? request.hooks : {};
    session.promptSuggestions = request.promptSuggestions === true;
    session.modelSide.fromInitialize(request);
    const servers = Array.isArray(request.sdkMcpServers) ? request.sdkMcpServers : [];
    for (const name of servers) if (typeof name === 'string') session.mcp.add(name);
    // The fields of initialize its flags read (--await-initialize, --initialize-fields, …).
    const dynamic = session.awaitInit.read(request);
    if (dynamic.error) {
      session.endWith(dynamic.error, 1);
      return;
    }
    if (dynamic.disallowedTools.length > 0)
      session.flags.disallowedTools = [...(session.flags.disallowedTools ?? []), ...dynamic.disallowedTools];
    for (const entry of dynamic.servers) session.mcp.add(entry.name, entry);
    // Some versions start the MCP handshake of the SDK servers before they answer initialize.
    if (b.mcpConnectOnInitialize) session.mcp.connect().catch(() => {});
    session.reply(
      requestId,
      { ...initializeAnswer(session, request), ...(b.confirmsInitializeFields ? dynamic.reply : {}) },
      'initialize',
    );
  },
};

/**
 * The version's initialize answer for this session now: its permission mode and output style, and
 * `hooks_applied` only when the request sends hooks (2.1.332 leaves it out when `hooks` is absent
 * or null).
 */
function initializeAnswer(session: ControlSession, request: Json): Json {
  const answer = session.b.initializeResponse(session.pid, session.facts());
  if ('current_permission_mode' in answer) answer.current_permission_mode = session.permissionMode;
  const outputStyle = outputStyleInForce(session);
  if (outputStyle !== undefined && 'output_style' in answer) answer.output_style = outputStyle;
  if (request.hooks === undefined || request.hooks === null) delete answer.hooks_applied;
  return answer;
}
