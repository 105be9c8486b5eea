import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { PROMPT_SUGGESTION } from '../../scenarios/catalogue/prompt-suggestion.js';
import { isRecord } from '../../util/json.js';
import type { PromptSuggestionData } from '../scripted/message-kinds/types.js';
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
  const request = requests.filter((r) => r.kind === 'conversation' && isRecord(r.body))[2]?.body as
    | Json
    | undefined;
  const last = (request?.messages as Json[] | undefined)?.at(-1);
  const prompt =
    typeof last?.content === 'string'
      ? last.content
      : Array.isArray(last?.content)
        ? (last.content as Json[]).map((b) => String(b.text ?? '')).join('')
        : undefined;
  if (last?.role !== 'user' || !prompt)
    throw new ClideError(
      'io',
      'capturing the prompt suggestion: its request does not end with instructions',
      {
        hint: JSON.stringify(last).slice(0, 400),
      },
    );
  return {
    prompt,
    message: templated(message, root, { suggestion: PROMPT_SUGGESTION.suggestion }) as Json,
  };
}
