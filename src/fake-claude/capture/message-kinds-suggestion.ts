import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { PROMPT_SUGGESTION } from '../../scenarios/catalogue/prompt-suggestion.js';
import { isRecord } from '../../util/json.js';
import type { PromptSuggestionData } from '../scripted/message-kinds/types.js';
import { changedParams, sideInstructions } from './message-kinds-requests.js';
import { templated } from './templated.js';

type Json = Record<string, unknown>;

/**
 * What a run of `prompt-suggestion/after-turn` against the real CLI shows of a prompt suggestion
 * (its stdout messages and the requests it made), as templates (message-kinds/types.ts).
 */
export function promptSuggestionData(
  messages: Json[],
  requests: RecordedRequest[],
  root: string,
): PromptSuggestionData {
  const message = messages.find((m) => m.type === 'prompt_suggestion');
  if (!message) throw new ClideError('io', 'capturing the prompt suggestion: no prompt_suggestion');
  const conversation = requests.filter((r) => r.kind === 'conversation' && isRecord(r.body));
  const main = conversation[1]?.body as Json | undefined;
  const request = conversation[2]?.body as Json | undefined;
  if (!main || !request)
    throw new ClideError('io', 'capturing the prompt suggestion: fewer than three Messages API requests');
  const prompt = sideInstructions(request, 'the suggestion request');
  return {
    prompt,
    params: changedParams(request, main),
    message: templated(message, root, { suggestion: PROMPT_SUGGESTION.suggestion }) as Json,
  };
}
