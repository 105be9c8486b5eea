/**
 * The longest line the kit's readers take (fixtures, captures, reports): 64 MiB. A real session's
 * longest lines (a tool result, an image as base64) are a few MiB; a line without end (`/dev/zero`,
 * a file with no newline) would otherwise be held whole, past what a string can be. A reader says
 * which line was over it: the fixture readers as a `fixture` error, `validate` as a finding.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
