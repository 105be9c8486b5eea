import { describe, expect, it } from 'vitest';
import { variationFor } from './variation.js';

describe('flakiness entries hold for a range of versions', () => {
  const scenario = 'mcp-permission-tool/stdio-allow';
  it('a release nobody pinned inside the range gets the entry of the pinned ones', () => {
    for (const version of ['2.1.150', '2.1.332', '2.1.400']) {
      expect(variationFor(version, scenario), version).toEqual([
        { kind: 'system/init', path: '$.tools[*]', values: ['"WaitForMcpServers"'] },
      ]);
    }
  });
  it('nothing outside the range, for another scenario, or for what is no version', () => {
    expect(variationFor('2.1.100', scenario)).toEqual([]);
    expect(variationFor('2.1.332', 'turn/plain')).toEqual([]);
    expect(variationFor('unknown', scenario)).toEqual([]);
    expect(variationFor(null, scenario)).toEqual([]);
  });
});
