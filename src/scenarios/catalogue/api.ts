import { get, turn } from '../expect.js';
import { script, text } from '../model.js';
import type { Scenario } from '../scenario.js';
import { byVersion } from '../version-range.js';

export const apiScenarios: Scenario[] = [
  {
    id: 'api/retry-after-529',
    requirement:
      'a 529 from the model API is retried: system/api_retry (attempt, max_retries, retry_delay_ms, error_status 529; error "rate_limit" before 2.1.161, "overloaded" from 2.1.161) then result/success',
    spec: '§1 system events (api_retry)',
    tier: 'model',
    model: script({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } }, [
      text('Worked on the second try.'),
    ]),
    async drive(ctx) {
      const result = await turn(ctx, 'Try again if you must.');
      const retry = ctx.session.messages().find((m) => m.type === 'system' && m.subtype === 'api_retry');
      ctx.check(retry !== undefined, 'retry/missing', 'a system/api_retry event is emitted');
      for (const key of ['attempt', 'max_retries', 'retry_delay_ms', 'error_status']) {
        ctx.check(retry !== undefined && key in retry, 'retry/field', `api_retry carries ${key}`, {
          path: [key],
        });
      }
      ctx.checkEqual(retry?.error_status, 529, 'retry/status', 'api_retry names the 529', ['error_status']);
      // Boundary: api_retry error: "rate_limit" up to 2.1.160, "overloaded" from 2.1.161 (found by
      // `clide-conformance bisect api/retry-after-529 --good 2.1.153 --bad 2.1.172 --code drift/value-changed --path '$.error'`).
      ctx.checkEqual(
        retry?.error,
        byVersion(ctx, { '<2.1.161': 'rate_limit', '>=2.1.161': 'overloaded' }),
        'retry/error',
        'api_retry classifies the 529',
        ['error'],
      );
      ctx.checkEqual(result.result, 'Worked on the second try.', 'result/text', 'the retried turn succeeds');
    },
  },
  {
    id: 'api/rate-limit-event',
    requirement:
      'rate-limit headers on a model response produce a rate_limit_event (status, resetsAt, rateLimitType, utilization) — for subscription (OAuth) auth; API-key auth ignores them',
    spec: '§1 rate_limit_event',
    tier: 'model',
    model: script({
      blocks: [text('Close to the limit.')],
      headers: {
        'anthropic-ratelimit-unified-status': 'allowed_warning',
        'anthropic-ratelimit-unified-reset': '1790000000',
        'anthropic-ratelimit-unified-representative-claim': 'five_hour',
        'anthropic-ratelimit-unified-5h-utilization': '0.9',
        'anthropic-ratelimit-unified-5h-reset': '1790000000',
        'anthropic-ratelimit-unified-5h-surpassed-threshold': '0.8',
      },
    }),
    // A dummy OAuth token (never a real one): the CLI only tracks rate limits for subscription auth.
    env: { ANTHROPIC_API_KEY: undefined, CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-clide-offline-dummy-token' },
    async drive(ctx) {
      await turn(ctx, 'How close am I?');
      const event = ctx.session.messages().find((m) => m.type === 'rate_limit_event');
      ctx.check(event !== undefined, 'rate-limit/missing', 'a rate_limit_event is emitted');
      ctx.checkEqual(
        get(event, 'rate_limit_info'),
        {
          status: 'allowed_warning',
          resetsAt: 1790000000,
          rateLimitType: 'five_hour',
          utilization: 0.9,
          isUsingOverage: false,
          surpassedThreshold: 0.8,
        },
        'rate-limit/info',
        'rate_limit_info reflects the headers',
        ['rate_limit_info'],
      );
    },
  },
];
