/** Which CLI versions a matrix or a bisection covers: npm's published list, ranges, even samples. */

export { loadPublishedVersions } from './published-list.js';
export {
  isStableVersion,
  newestVersions,
  publishedBetween,
  sampleEvenly,
  stableVersions,
  versionOrder,
} from './published-range.js';
export {
  needsPublishedList,
  parseVersionsSpec,
  resolveVersionsSpec,
  type VersionsSpec,
} from './versions-spec.js';
