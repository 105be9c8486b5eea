import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageNotes, type ImageNotesData } from './image-notes.js';

const data: ImageNotesData = {
  text: '[Image: source: {path}]',
  path: '{tmpdir}/claude-{uid}/{cwdSlug}/{sessionId}/images/{n}.{ext}',
  extensions: { 'image/png': 'png', 'image/jpeg': 'jpg' },
};
const dir = mkdtempSync(join(tmpdir(), 'clide-image-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const facts = { tmpdir: dir, uid: 7, cwd: '/w/p', sessionId: 's-1' };
const image = (mediaType: string, bytes: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data: Buffer.from(bytes).toString('base64') },
});

describe('a prompt’s images, where the version keeps them', () => {
  it('saves each, numbered across the session, and names it in a text block', () => {
    const notes = new ImageNotes(data);
    const first = notes.noteAndSave(
      [{ type: 'text', text: 'Look.' }, image('image/png', 'png bytes'), image('image/jpeg', 'jpeg bytes')],
      facts,
    );
    const path = (n: number, ext: string) => join(dir, 'claude-7', '-w-p', 's-1', 'images', `${n}.${ext}`);
    expect(first).toEqual([
      { type: 'text', text: `[Image: source: ${path(1, 'png')}]` },
      { type: 'text', text: `[Image: source: ${path(2, 'jpg')}]` },
    ]);
    expect(readFileSync(path(2, 'jpg'), 'utf8')).toBe('jpeg bytes');
    expect(notes.noteAndSave([image('image/png', 'again')], facts)).toEqual([
      { type: 'text', text: `[Image: source: ${path(3, 'png')}]` },
    ]);
  });

  it('nothing for a prompt without images, a text prompt, or a version that keeps none', () => {
    expect(new ImageNotes(data).noteAndSave([{ type: 'text', text: 'Hi.' }], facts)).toBeUndefined();
    expect(new ImageNotes(data).noteAndSave('Hi.', facts)).toBeUndefined();
    expect(new ImageNotes(null).noteAndSave([image('image/png', 'x')], facts)).toBeUndefined();
  });
});
