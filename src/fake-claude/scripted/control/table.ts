import { applyFlagSettings } from './apply-flag-settings.js';
import { backgroundTasks } from './background-tasks.js';
import { answerAsCaptured, capturedReplies } from './captured.js';
import { getBinaryVersion } from './get-binary-version.js';
import { getContextUsage } from './get-context-usage.js';
import { getSessionCost } from './get-session-cost.js';
import { getSettings } from './get-settings.js';
import { getUsage } from './get-usage.js';
import { initialize } from './initialize.js';
import { interrupt } from './interrupt.js';
import { mcpReadResource } from './mcp-read-resource.js';
import { mcpReconnect } from './mcp-reconnect.js';
import { mcpSetServers } from './mcp-set-servers.js';
import { mcpStatus } from './mcp-status.js';
import { mcpToggle } from './mcp-toggle.js';
import { readFile } from './read-file.js';
import { reloadPlugins } from './reload-plugins.js';
import { seedReadState } from './seed-read-state.js';
import { setMcpPermissionModeOverride } from './set-mcp-permission-mode-override.js';
import { setModel } from './set-model.js';
import { setPermissionMode } from './set-permission-mode.js';
import type { ControlHandler, ControlSession } from './types.js';
import { updateSettings } from './update-settings.js';

/** The client→CLI control requests the fake implements, one named handler each. */
export const controlHandlers: readonly ControlHandler[] = [
  initialize,
  interrupt,
  setPermissionMode,
  setModel,
  getBinaryVersion,
  mcpStatus,
  mcpToggle,
  mcpReconnect,
  mcpReadResource,
  mcpSetServers,
  setMcpPermissionModeOverride,
  getSettings,
  getContextUsage,
  getSessionCost,
  getUsage,
  readFile,
  reloadPlugins,
  backgroundTasks,
  seedReadState,
  applyFlagSettings,
  updateSettings,
];

const bySubtype = new Map(controlHandlers.map((h) => [h.subtype, h]));

/**
 * Answers one control request: its handler, else the version's captured reply to the request of
 * `control/offline-requests` of that subtype (control/data/<version>.json), else its captured
 * static reply, else the version's "unsupported subtype" error.
 */
export function handleControlRequest(
  session: ControlSession,
  request: Record<string, unknown>,
  requestId: string,
): void {
  const subtype = String(request.subtype);
  const handler = bySubtype.get(subtype);
  if (handler) {
    handler.handle(session, request, requestId);
    return;
  }
  const [replied] = capturedReplies(session.b.version, subtype);
  if (replied) {
    answerAsCaptured(session, replied, request, requestId);
    return;
  }
  const captured = session.b.staticControlReply(subtype, session.facts());
  if (captured !== undefined) session.reply(requestId, captured);
  else
    session.replyError(
      requestId,
      session.b.unsupportedSubtype(subtype),
      session.b.errorEnvelope('unsupported'),
    );
}
