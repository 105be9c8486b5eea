import { schemaSetFor } from '../../schemas/registry.js';
import type { Finding } from '../findings/index.js';
import { ControlTracker, validateMessage } from '../validate/index.js';
import { frameKinds } from './message-kinds.js';
import type { WireLog } from './wire-log.js';

/** The schema set the canary validates against, with a note when it is not an exact match. */
export interface SchemaChoice {
  /** The pinned schema version used. */
  version: string;
  /** Why another version's schemas are used, when they are. */
  note?: string;
}

/** Which pinned schema set applies to the baseline `version` (nearest pinned at or below it). */
export function schemaChoice(version: string): SchemaChoice {
  const selection = schemaSetFor(version);
  return { version: selection.set.version, ...(selection.note ? { note: selection.note } : {}) };
}

/**
 * Validates every JSON frame of a run against the baseline version's schemas, in both directions
 * (control responses are checked against the request they answer), each finding located by frame
 * and message kind. stderr and non-JSON lines are not protocol messages: the driver reports the latter.
 */
export function validateWireLog(log: Pick<WireLog, 'frames'>, version: string, scenario?: string): Finding[] {
  const schemaSet = schemaSetFor(version).set;
  const tracker = new ControlTracker();
  const findings: Finding[] = [];
  const kinds = frameKinds(log);
  log.frames.forEach((frame, index) => {
    if (frame.msg === undefined || frame.dir === 'stderr') return;
    const kind = kinds.get(index);
    findings.push(
      ...validateMessage(frame.msg, {
        direction: frame.dir,
        schemaSet,
        tracker,
        location: {
          ...(scenario === undefined ? {} : { scenario }),
          frame: index,
          ...(kind === undefined ? {} : { kind }),
        },
      }),
    );
  });
  return findings;
}
