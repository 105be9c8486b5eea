/** The process streams the fake talks through (the real ones in the bin; in-memory ones in tests). */
export interface FakeIo {
  stdin: AsyncIterable<Uint8Array | string>;
  stdinIsTTY: boolean;
  /** stdin is a regular file (`claude … < file`); absent: it is not. */
  stdinIsFile?: boolean;
  /**
   * How long stdin must be quiet before the lines read are acted on (`readSettledLines`; its
   * default when absent). A pipe delivers what a client wrote in one go in chunks some time apart;
   * in-process, what it wrote in one go is there within the same tick, so 0 waits for nothing more.
   */
  stdinSettleMs?: number;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}
