/** `clide-conformance list` as text: one scenario per line, aligned; requirement and spec below. */
export function renderCatalogueText(
  entries: ReadonlyArray<{ id: string; tier: string; requirement: string; spec: string }>,
): string {
  const width = Math.max(0, ...entries.map((e) => e.id.length));
  const lines = entries.map(
    (e) => `${e.id.padEnd(width)}  ${e.tier.padEnd(7)}  ${e.spec}\n${' '.repeat(width + 2)}${e.requirement}`,
  );
  return `${lines.join('\n')}\n${entries.length} scenario(s)\n`;
}
