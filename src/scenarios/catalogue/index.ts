import type { Scenario } from '../scenario.js';
import { apiScenarios } from './api.js';
import { askUserQuestionScenarios } from './ask-user-question.js';
import { compactionScenarios } from './compaction.js';
import { contentScenarios } from './content.js';
import { controlScenarios } from './control.js';
import { controlOfflineScenarios } from './control-offline.js';
import { fallbackScenarios } from './fallbacks.js';
import { flagScenarios } from './flags.js';
import { hookEventScenarios } from './hook-events.js';
import { hookScenarios } from './hooks.js';
import { injectedScenarios } from './injected.js';
import { inputScenarios } from './input.js';
import { cancelScenarios, hangScenarios, interruptScenarios } from './interrupt.js';
import { mcpScenarios } from './mcp.js';
import { permissionScenarios } from './permission.js';
import { promptSuggestionScenarios } from './prompt-suggestion.js';
import { sessionScenarios } from './session.js';
import { sessionStateScenarios } from './session-state.js';
import { structuredOutputScenarios } from './structured-output.js';
import { subagentScenarios } from './subagent.js';
import { turnScenarios } from './turn.js';

/** Every scenario, in catalogue order. Ids are stable: add, never rename. */
export const SCENARIOS: readonly Scenario[] = [
  ...controlScenarios,
  ...controlOfflineScenarios,
  ...turnScenarios,
  ...permissionScenarios,
  ...askUserQuestionScenarios,
  ...mcpScenarios,
  ...hookScenarios,
  ...hookEventScenarios,
  ...interruptScenarios,
  ...inputScenarios,
  ...sessionScenarios,
  ...sessionStateScenarios,
  ...structuredOutputScenarios,
  ...hangScenarios,
  ...fallbackScenarios,
  ...injectedScenarios,
  ...contentScenarios,
  ...apiScenarios,
  ...cancelScenarios,
  ...flagScenarios,
  ...subagentScenarios,
  ...compactionScenarios,
  ...promptSuggestionScenarios,
];

/** Scenarios whose id starts with any of `prefixes` (all when none given). */
export function selectScenarios(prefixes: string[] = []): Scenario[] {
  if (prefixes.length === 0) return [...SCENARIOS];
  return SCENARIOS.filter((s) =>
    prefixes.some((p) => s.id === p || s.id.startsWith(p.endsWith('/') ? p : `${p}`)),
  );
}
