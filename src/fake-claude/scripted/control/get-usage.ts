import { isRecord } from '../../../util/json.js';
import { answerAsCaptured, capturedReplies } from './captured.js';
import type { ControlHandler } from './types.js';

/**
 * `get_usage`: the session's totals — cost, API and wall time, changed lines, each model's usage as
 * the version's results report it — around the rest of the version's captured answer (no account:
 * no subscription, no rate limits); a version without it refuses it as captured.
 */
export const getUsage: ControlHandler = {
  subtype: 'get_usage',
  handle(session, request, requestId) {
    const [captured] = capturedReplies(session.b.version, 'get_usage');
    const response = captured?.envelope.response;
    if (captured === undefined || captured.envelope.subtype !== 'success' || !isRecord(response)) {
      if (captured) answerAsCaptured(session, captured, request, requestId);
      else session.replyError(requestId, session.b.unsupportedSubtype('get_usage'));
      return;
    }
    const report = session.usageReport();
    const sessionTotals = {
      total_cost_usd: report.totalCostUsd,
      total_api_duration_ms: report.apiMs,
      total_duration_ms: report.wallMs,
      total_lines_added: report.linesAdded,
      total_lines_removed: report.linesRemoved,
      model_usage: report.modelUsage,
    };
    session.reply(requestId, { ...response, session: sessionTotals });
  },
};
