/** The process streams the fake talks through (the real ones in the bin; in-memory ones in tests). */
export interface FakeIo {
  stdin: AsyncIterable<Uint8Array | string>;
  stdinIsTTY: boolean;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}
