/**
 * Which Agent SDK a pinned CLI version is reconciled and measured with. Users run the newest SDK
 * on whatever release is out, so the newest pin answers to the newest SDK with an inventory; an
 * older pin answers to the SDK that bundles it (its `bundledCli`), else to the newest SDK that
 * bundles an older CLI.
 */
import { pinnedVersions } from '../../schemas/registry.js';
import { versionOrder } from '../../schemas/version.js';
import { ClideError } from '../errors/index.js';
import { loadSdkInventory, sdkInventoryVersions } from './inventory.js';

export function sdkForPin(cliVersion: string, pins: readonly string[] = pinnedVersions()): string {
  const inventories = sdkInventoryVersions();
  if (inventories.length === 0) {
    throw new ClideError('usage', 'there is no Agent SDK inventory', {
      where: 'schemas/sdk/',
      hint: '`npm run sdk:inventory -- <sdkVersion>` extracts one',
    });
  }
  const newestPin = [...pins].sort(versionOrder).at(-1);
  if (cliVersion === newestPin) return inventories.at(-1)!;
  const bundling = inventories
    .map((sdk) => ({ sdk, cli: loadSdkInventory(sdk).bundledCli }))
    .filter(({ cli }) => versionOrder(cli, cliVersion) <= 0)
    .sort((a, b) => versionOrder(a.cli, b.cli));
  return bundling.at(-1)?.sdk ?? inventories[0]!;
}
