import { existsSync, readFileSync } from 'node:fs';
import { ClideError } from '../../errors/index.js';
import type { RecordedRequest } from '../../model-api/index.js';
import { script, text } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import type { ImageNotesData } from '../model-side/image-notes.js';

/**
 * What a claude binary does with a prompt's images (`ImageNotesData`), from an offline session
 * whose first prompt has an image of each media type the Messages API takes and whose second has
 * one more: the text block the model gets for each (after the prompt's own blocks), where the file
 * is saved (under the sandbox's TMPDIR; its parts as templates), and that it holds the image's
 * bytes. A version that adds no such block has none (null).
 */

type Json = Record<string, unknown>;

/** A 1×1 image of each media type the Messages API takes. */
export const IMAGES: Record<string, string> = {
  'image/png':
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'image/jpeg':
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z',
  'image/gif': 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'image/webp': 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=',
};

const image = (mediaType: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data: IMAGES[mediaType] },
});

/** The texts of the user messages' blocks after the last prompt text `prompt` and its images. */
function notesAfter(request: RecordedRequest, prompt: string): string[] {
  const messages = ((request.body as Json).messages as Json[]) ?? [];
  const user = messages.filter((m) => m.role === 'user').at(-1);
  const blocks = Array.isArray(user?.content) ? (user.content as Json[]) : [];
  const at = blocks.findIndex((b) => typeof b.text === 'string' && b.text.replace(/\n$/, '') === prompt);
  if (at < 0) throw new ClideError('io', `no prompt ${JSON.stringify(prompt)} in the last user message`);
  return blocks
    .slice(at + 1)
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text));
}

export interface ImageNoteSession {
  root: string;
  uid: number;
  cwd: string;
  sessionId: string;
}

/**
 * The data, from the notes of a session (`first`: one per media type of `mediaTypes`, in order;
 * `second`: one more, a PNG): each names a file under the session's TMPDIR (its root) whose parts
 * become templates.
 */
export function imageNotesOf(
  first: string[],
  second: string[],
  mediaTypes: string[],
  session: ImageNoteSession,
): ImageNotesData {
  if (first.length !== mediaTypes.length || second.length !== 1)
    throw new ClideError('io', 'not one text block per image after the prompts', {
      hint: JSON.stringify([first, second]).slice(0, 1000),
    });
  const [head] = first as [string];
  const match = /^(.*?)(\/\S+\/1\.(\w+))(.*)$/s.exec(head);
  if (!match) throw new ClideError('io', 'the first image’s block names no file', { hint: head });
  const [, before, path, , after] = match as unknown as [string, string, string, string, string];
  const dir = `${session.root}/claude-${session.uid}/${session.cwd.replace(/[^a-zA-Z0-9]/g, '-')}/${session.sessionId}/`;
  if (!path.startsWith(dir))
    throw new ClideError('io', `the first image is not saved under ${dir}`, { hint: path });
  const data: ImageNotesData = {
    text: `${before}{path}${after}`,
    path: `{tmpdir}/claude-{uid}/{cwdSlug}/{sessionId}/${path.slice(dir.length).replace(/1\.\w+$/, '{n}.{ext}')}`,
    extensions: {},
  };
  const pathOf = (note: string) => note.slice(before.length, note.length - after.length);
  const prefix = path.slice(0, -/1\.\w+$/.exec(path)![0].length);
  [...first, ...second].forEach((note, i) => {
    const own = pathOf(note);
    const n = /^(\d+)\.(\w+)$/.exec(own.slice(prefix.length));
    if (!own.startsWith(prefix) || !n || Number(n[1]) !== i + 1)
      throw new ClideError('io', `image ${i + 1} is not saved as the session's image ${i + 1}`, {
        hint: note,
      });
    const mediaType = mediaTypes[i] ?? 'image/png';
    if (data.extensions[mediaType] !== undefined && data.extensions[mediaType] !== n[2])
      throw new ClideError('io', `two extensions for ${mediaType}`);
    data.extensions[mediaType] = n[2]!;
    if (!existsSync(own) || readFileSync(own).toString('base64') !== IMAGES[mediaType])
      throw new ClideError('io', `${own} does not hold the image's bytes`);
  });
  return data;
}

/** Drives `binary` with images in two prompts; null when it adds no block for them. */
export async function captureImageNotes(binary: string): Promise<ImageNotesData | null> {
  const mediaTypes = Object.keys(IMAGES);
  const state: { root?: string; cwd?: string } = {};
  const scenario: Scenario = {
    id: 'capture/model-side-image-notes',
    requirement: 'images in prompts',
    spec: 'capture',
    tier: 'model',
    model: script([text('One.')], [text('Two.')]),
    deadlineMs: 60_000,
    async drive(ctx) {
      state.cwd = ctx.cwd;
      state.root = ctx.cwd.replace(/\/work$/, '');
      await ctx.session.request({ subtype: 'initialize', hooks: {} });
      ctx.session.sendUser([{ type: 'text', text: 'First.' }, ...mediaTypes.map(image)]);
      await ctx.session.waitForResult();
      ctx.session.sendUser([image('image/png'), { type: 'text', text: 'Second.' }]);
      await ctx.session.waitForResult();
      const init = ctx.session.messages().find((m) => m.type === 'system' && m.subtype === 'init');
      const sessionId = String(init?.session_id ?? '');
      const requests = ctx.modelRequests().filter((r) => r.kind === 'conversation');
      const first = notesAfter(requests[0]!, 'First.');
      if (first.length === 0) return;
      result = imageNotesOf(first, notesAfter(requests.at(-1)!, 'Second.'), mediaTypes, {
        root: state.root,
        uid: process.getuid?.() ?? 0,
        cwd: state.cwd,
        sessionId,
      });
    },
  };
  let result: ImageNotesData | null = null;
  const run = await runScenario(scenario, { binary });
  if (!run.passed)
    throw new ClideError('io', `capturing ${scenario.id} from ${binary} failed`, {
      where: binary,
      hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  return result;
}
