import { IdPlaceholders, normalizeIdsInAll } from '../protocol/index.js';
import { REPLAY_ID_KEYS } from './bindings.js';
import { mapJsonStrings, type PathSubstitution } from './paths.js';

/** One line of a session as the client saw it: a stdout message or raw line, or a stderr line. */
export interface ViewFrame {
  dir: 'to-cli' | 'from-cli' | 'stderr';
  msg?: unknown;
  raw?: string;
}

/** What a client saw of a session, in comparable form. */
export interface ClientView {
  /** stdout lines, in order. */
  stdout: unknown[];
  /** stderr lines, in order. */
  stderr: string[];
}

/**
 * The client-visible stream of a session (fixture frames or a live transcript) in a form that
 * compares across runs: machine paths back to `$CWD`/`$HOME` (when `paths` is given, for a live
 * run), then every id (both directions learnt together, so the client's own ids number the same
 * way) replaced by placeholders numbered in order of appearance.
 */
export function clientView(frames: readonly ViewFrame[], paths?: PathSubstitution): ClientView {
  const local = (text: string) => (paths ? paths.toPlaceholders(text) : text);
  const lines = frames.map((f) =>
    f.msg !== undefined ? { ...f, msg: mapJsonStrings(f.msg, local) } : { ...f, raw: local(f.raw ?? '') },
  );
  const normalised = normalizeIdsInAll(
    lines.map((f) => (f.msg !== undefined ? f.msg : f.raw)),
    new IdPlaceholders(),
    { keys: REPLAY_ID_KEYS },
  );
  const view: ClientView = { stdout: [], stderr: [] };
  lines.forEach((f, i) => {
    if (f.dir === 'from-cli') view.stdout.push(normalised[i]);
    else if (f.dir === 'stderr') view.stderr.push(String(normalised[i]));
  });
  return view;
}
