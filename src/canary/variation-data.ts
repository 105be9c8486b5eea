import type { VersionRange } from '../scenarios/version-range.js';
import type { VariationEntry } from './variation.js';

/**
 * What varies between runs of the same CLI, per scenario and range of versions, observed by
 * recording the corpus more than once (see docs/drift-report.md, "Flakiness is data"). Keep it small
 * and exact: every entry hides that and nothing else from the comparison. A range (as the
 * catalogue's `byVersion`: `>=2.1.150`, `>=2.1.151 <2.1.200`) holds for versions nobody pinned yet.
 */
export interface VariationRecord {
  scenario: string;
  versions: VersionRange;
  entries: readonly VariationEntry[];
}

export const VARIATION_DATA: readonly VariationRecord[] = [
  {
    // Offered only when the stdio MCP server is still connecting as the session starts: seen in
    // some runs of the canary (issue 14) on 2.1.150 and 2.1.332, absent from 3 full runs and 8 runs
    // of mcp-permission-tool/.
    scenario: 'mcp-permission-tool/stdio-allow',
    versions: '>=2.1.150',
    entries: [{ kind: 'system/init', path: '$.tools[*]', values: ['"WaitForMcpServers"'] }],
  },
];
