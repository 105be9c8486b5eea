import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGES, imageNotesOf } from './model-side-image-notes.js';

const root = mkdtempSync(join(tmpdir(), 'clide-image-capture-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const session = { root, uid: 3, cwd: `${root}/work`, sessionId: 'sid' };
const dir = join(root, 'claude-3', `${root}/work`.replace(/[^a-zA-Z0-9]/g, '-'), 'sid', 'images');
const saved = (n: number, ext: string, mediaType: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${n}.${ext}`), Buffer.from(IMAGES[mediaType]!, 'base64'));
  return `[Image: source: ${join(dir, `${n}.${ext}`)}]`;
};

describe('the image notes’ capture', () => {
  it('templates where each image is saved and its text block; extensions by media type', () => {
    const first = [saved(1, 'png', 'image/png'), saved(2, 'jpg', 'image/jpeg')];
    const second = [saved(3, 'png', 'image/png')];
    expect(imageNotesOf(first, second, ['image/png', 'image/jpeg'], session)).toEqual({
      text: '[Image: source: {path}]',
      path: '{tmpdir}/claude-{uid}/{cwdSlug}/{sessionId}/images/{n}.{ext}',
      extensions: { 'image/png': 'png', 'image/jpeg': 'jpg' },
    });
  });

  it('refuses notes that do not number the session’s images, or files without the image', () => {
    const first = [saved(1, 'png', 'image/png'), saved(2, 'jpg', 'image/jpeg')];
    expect(() =>
      imageNotesOf(first, [saved(5, 'png', 'image/png')], ['image/png', 'image/jpeg'], session),
    ).toThrow(/image 3/);
    writeFileSync(join(dir, '3.png'), 'not the image');
    expect(() =>
      imageNotesOf(first, [`[Image: source: ${join(dir, '3.png')}]`], ['image/png', 'image/jpeg'], session),
    ).toThrow(/bytes/);
    expect(() => imageNotesOf(first, [], ['image/png', 'image/jpeg'], session)).toThrow(
      /one text block per image/,
    );
  });
});
