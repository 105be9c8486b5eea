/** The changelog as JSON (`clide-changelog/1`): the model itself, two-space indented. */
import type { Changelog } from './model.js';

export function renderChangelogJson(log: Changelog): string {
  return `${JSON.stringify(log, null, 2)}\n`;
}
