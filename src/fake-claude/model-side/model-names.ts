/**
 * How the CLI names a model to the user: `claude-haiku-4-5` → `Haiku 4.5`, `claude-opus-5-5` →
 * `Opus 5.5` (a date suffix and `[1m]` dropped); an id of another shape is shown as it is.
 */
export function displayModelName(model: string): string {
  const match = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:-\d{8})?(?:\[1m\])?$/i.exec(model);
  if (!match) return model;
  const family = match[1]!;
  const name = family.charAt(0).toUpperCase() + family.slice(1);
  return match[3] === undefined ? `${name} ${match[2]}` : `${name} ${match[2]}.${match[3]}`;
}

/** A context window as the CLI writes it: 1000000 → `1M`, 200000 → `200K`. */
export function windowText(tokens: number): string {
  if (tokens >= 1_000_000 && tokens % 1_000_000 === 0) return `${tokens / 1_000_000}M`;
  if (tokens >= 1_000 && tokens % 1_000 === 0) return `${tokens / 1_000}K`;
  return String(tokens);
}
