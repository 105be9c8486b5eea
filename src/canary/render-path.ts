import type { JsonPath } from '../findings/index.js';

/** `$.message.content[*].type`: `*` stands for every element of an array or entry of a map. */
export function renderPath(path: JsonPath): string {
  let out = '$';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (part === '*') out += '[*]';
    else out += /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
  }
  return out;
}

/** The last named key of a path (`*` and indices skipped). */
export function lastKey(path: JsonPath): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const part = path[i];
    if (typeof part === 'string' && part !== '*') return part;
  }
  return undefined;
}
