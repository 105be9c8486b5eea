import type { AcceptedDifference } from './fidelity.js';

/**
 * Differences between fake-claude (scripted mode) and the real CLI that the differential fidelity
 * test accepts, each applied as an explicit ignore. Every entry must be described, with its reason,
 * in docs/fake-claude-differences.md. On every emulated version (2.1.150, 2.1.332) the catalogue
 * needs none: after normalisation (ids, timings, costs, timestamps, pids, sandbox paths) every
 * scenario's transcript is equal.
 */
export const ACCEPTED_DIFFERENCES: readonly AcceptedDifference[] = [];
