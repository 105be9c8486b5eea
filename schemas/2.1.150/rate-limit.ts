/** `type: "rate_limit_event"`: subscription rate-limit state, emitted when it changes. */
import { z } from 'zod';
import { envelopeIds } from './common.js';

const limitStatus = z.enum(['allowed', 'allowed_warning', 'rejected']);

export const rateLimitInfo = z.looseObject({
  status: limitStatus,
  resetsAt: z.number().optional(),
  rateLimitType: z
    .enum(['five_hour', 'seven_day', 'seven_day_opus', 'seven_day_sonnet', 'overage'])
    .optional(),
  utilization: z.number().optional(),
  overageStatus: limitStatus.optional(),
  overageResetsAt: z.number().optional(),
  overageDisabledReason: z
    .enum([
      'overage_not_provisioned',
      'org_level_disabled',
      'org_level_disabled_until',
      'out_of_credits',
      'seat_tier_level_disabled',
      'member_level_disabled',
      'seat_tier_zero_credit_limit',
      'group_zero_credit_limit',
      'member_zero_credit_limit',
      'org_service_level_disabled',
      'no_limits_configured',
      'fetch_error',
      'unknown',
    ])
    .optional(),
  isUsingOverage: z.boolean().optional(),
  surpassedThreshold: z.number().optional(),
});

export const rateLimitEvent = z.looseObject({
  type: z.literal('rate_limit_event'),
  rate_limit_info: rateLimitInfo,
  ...envelopeIds,
});
