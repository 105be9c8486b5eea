/**
 * The real CLI's rough token count of a text where no count request is made (a compaction's
 * `post_tokens`): its length over four, rounded, for each text on its own — a message's blocks
 * each rounded, then added (read from the 2.1.332 binary).
 */
export function roughTokens(text: string): number {
  return Math.round(text.length / 4);
}

/**
 * The rough tokens of a system-role message's text as the CLI counts it: not the joined text the
 * request carries but the messages it was joined from — the parts between blank lines, each with
 * the newline it ended in. (Checked against 2.1.332's `post_tokens` at fourteen working-folder
 * lengths, 10 to 40 characters of sandbox parent: the working folder sits in the environment part;
 * the joined text rounded as one was a token off at five of them.)
 */
export function roughSystemTokens(text: string): number {
  return text.split('\n\n').reduce((tokens, part) => tokens + Math.round((part.length + 1) / 4), 0);
}

/** The rough tokens of a message's content: a string, or its text blocks each on its own. */
export function roughContentTokens(content: unknown): number {
  if (typeof content === 'string') return roughTokens(content);
  if (!Array.isArray(content)) return 0;
  let tokens = 0;
  for (const block of content) {
    const text = (block as { text?: unknown } | null)?.text;
    if (typeof text === 'string') tokens += roughTokens(text);
  }
  return tokens;
}
