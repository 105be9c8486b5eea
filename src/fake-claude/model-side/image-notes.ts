import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isRecord } from '../../util/json.js';

/**
 * A prompt's images as a version's CLI keeps them (captured from the binary:
 * capture/model-side-image-notes.ts): it saves each under its temporary folder, numbered across
 * the session, and the model gets a text block naming the file after the prompt (a user message
 * of its own, which joins the prompt's).
 */

type Json = Record<string, unknown>;

export interface ImageNotesData {
  /** The text block of one image: `{path}` where the file is. */
  text: string;
  /**
   * Where an image is saved: `{tmpdir}` (TMPDIR), `{uid}`, `{cwdSlug}` (the cwd with every
   * character but letters and digits a `-`), `{sessionId}`, `{n}` (1 for the session's first
   * image), `{ext}`.
   */
  path: string;
  /** The file extension of each image media type. */
  extensions: Record<string, string>;
}

export interface ImageNoteFacts {
  tmpdir: string;
  uid: number;
  cwd: string;
  sessionId: string;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** One session's saved images: how many so far. */
export class ImageNotes {
  private saved = 0;

  constructor(private readonly data: ImageNotesData | null | undefined) {}

  /**
   * The text blocks a prompt's content (`content`) gets for its base64 images, each saved where
   * the version saves it; undefined when it has none or the version keeps none.
   */
  noteAndSave(content: unknown, facts: ImageNoteFacts): Json[] | undefined {
    if (!this.data || !Array.isArray(content)) return undefined;
    const notes: Json[] = [];
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'image' || !isRecord(block.source)) continue;
      const { source } = block;
      const ext = this.data.extensions[String(source.media_type)];
      if (source.type !== 'base64' || typeof source.data !== 'string' || ext === undefined) continue;
      this.saved += 1;
      const path = fill(this.data.path, {
        tmpdir: facts.tmpdir,
        uid: String(facts.uid),
        cwdSlug: facts.cwd.replace(/[^a-zA-Z0-9]/g, '-'),
        sessionId: facts.sessionId,
        n: String(this.saved),
        ext,
      });
      try {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, Buffer.from(source.data, 'base64'));
      } catch {
        // An unwritable temporary folder: the model is told the path all the same.
      }
      notes.push({ type: 'text', text: this.data.text.split('{path}').join(path) });
    }
    return notes.length > 0 ? notes : undefined;
  }
}
