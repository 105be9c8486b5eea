import { isRecord } from '../../../util/json.js';
import { usageData } from '../../usage/index.js';
import { sessionCostText } from '../../usage/session-cost.js';
import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlHandler } from './types.js';

/**
 * `get_session_cost`: the session's cost, durations, changed lines, tokens per model and (versions
 * that report it) prompt cache, in the version's words (its label: the captured answer's first line).
 */
export const getSessionCost: ControlHandler = {
  subtype: 'get_session_cost',
  handle(session, request, requestId) {
    const [captured] = capturedReplies(session.b.version, 'get_session_cost');
    const response = captured?.envelope.response;
    const text = isRecord(response) && typeof response.text === 'string' ? response.text : undefined;
    const label = text === undefined ? undefined : /^[^$\n]*/.exec(text)?.[0];
    if (captured === undefined || captured.envelope.subtype !== 'success' || !label) {
      if (captured) answerAsCaptured(session, captured, request, requestId);
      else session.replyError(requestId, session.b.unsupportedSubtype('get_session_cost'));
      return;
    }
    const report = session.usageReport();
    session.reply(requestId, {
      text: sessionCostText({
        costLabel: label,
        totalCostUsd: report.totalCostUsd,
        apiMs: report.apiMs,
        wallMs: report.wallMs,
        linesAdded: report.linesAdded,
        linesRemoved: report.linesRemoved,
        models: report.models,
        cache: usageData(session.b.version)?.promptCacheLine ? report.cache : null,
      }),
    });
  },
};
