import type { VariationEntry } from './variation.js';

/**
 * What varies between runs of the same CLI, per version and scenario, observed by recording the
 * corpus more than once (see docs/drift-report.md, "Flakiness is data"). Keep it small and exact:
 * every entry hides that and nothing else from the comparison.
 */
export const VARIATION_DATA: Record<string, Record<string, readonly VariationEntry[]>> = {
  '2.1.150': {
    // Offered only when the stdio MCP server is still connecting as the session starts: seen in
    // some runs of the canary (issue 14), absent from 3 full runs and 8 runs of mcp-permission-tool/.
    'mcp-permission-tool/stdio-allow': [
      { kind: 'system/init', path: '$.tools[*]', values: ['"WaitForMcpServers"'] },
    ],
  },
  '2.1.332': {
    'mcp-permission-tool/stdio-allow': [
      { kind: 'system/init', path: '$.tools[*]', values: ['"WaitForMcpServers"'] },
    ],
  },
};
