import { describe, expect, it } from 'vitest';
import { CollectionPacer, fullCollection } from './collection-pacer.js';

describe('CollectionPacer', () => {
  it('collects once every `every` bytes recorded, counting again from zero', () => {
    let collections = 0;
    const pacer = new CollectionPacer(100, () => {
      collections += 1;
    });
    for (let i = 0; i < 9; i += 1) pacer.add(10);
    expect(collections).toBe(0);
    pacer.add(10);
    expect(collections).toBe(1);
    pacer.add(99);
    expect(collections).toBe(1);
    pacer.add(250);
    expect(collections).toBe(2);
  });

  it('does nothing without a collection to run', () => {
    expect(() => new CollectionPacer(1, null).add(10)).not.toThrow();
  });
});

describe('fullCollection', () => {
  it("gives V8's full collection, which frees an ArrayBuffer no longer referenced", async () => {
    const gc = fullCollection();
    expect(gc).toBeTypeOf('function');
    expect(fullCollection()).toBe(gc);
    let buffer: ArrayBuffer | undefined = new ArrayBuffer(1024);
    const ref = new WeakRef(buffer);
    buffer = undefined;
    // A WeakRef's target stays for the current job: let it end first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc!();
    expect(ref.deref()).toBeUndefined();
    expect(buffer).toBeUndefined();
  });
});
