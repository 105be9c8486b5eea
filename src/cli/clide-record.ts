import { packageInfo } from '../config/package-info.js';
import { isClideError } from '../errors/index.js';
import { clideRecordHelp, clideRecordRecover, isClideRecordHelp } from '../recorder/clide-record-help.js';
import { errorResult } from '../replayer/error-result.js';

const argv = process.argv.slice(2);
// No top-level await: the entry is also bundled into one CommonJS script (rolldown.config.mjs).
void main();

async function main(): Promise<void> {
  try {
    const recover = clideRecordRecover(argv);
    if (isClideRecordHelp(argv)) {
      process.stdout.write(clideRecordHelp(packageInfo().pinned));
    } else if (recover !== undefined) {
      await recoverFile(recover);
    } else {
      await record();
    }
  } catch (error) {
    refused(error);
  }
}

function refused(error: unknown): void {
  process.stderr.write(`clide-record: ${isClideError(error) ? error.render() : String(error)}\n`);
  if (isClideError(error) && error.code === 'usage' && streamJsonOutput(argv)) {
    // Refused before the CLI started: a client that hides stderr (the Agent SDK) reads it here.
    const hint = error.hint ? [`hint: ${error.hint}`] : [];
    process.stdout.write(`${JSON.stringify(errorResult('', [`clide-record: ${error.message}`, ...hint]))}\n`);
  }
  process.exitCode = isClideError(error) ? error.exitCode : 70;
}

function streamJsonOutput(args: string[]): boolean {
  return args.some(
    (arg, i) =>
      arg === '--output-format=stream-json' || (arg === '--output-format' && args[i + 1] === 'stream-json'),
  );
}

/** `clide-record --recover <file>`: scans, masks and finalises a left-over or quarantined recording. */
async function recoverFile(file: string): Promise<void> {
  const [{ recoverRecording }, { formatFindings }] = await Promise.all([
    import('../recorder/recover.js'),
    import('../redact/finalize.js'),
  ]);
  const recovered = await recoverRecording(file);
  const warning = formatFindings(recovered.fixturePath, recovered.findings);
  if (warning) process.stderr.write(`clide-record: ${warning}\n`);
  process.stderr.write(
    `clide-record: recovered ${recovered.frames} frames to ${recovered.fixturePath}${recovered.complete ? '' : ' (incomplete)'}\n`,
  );
}

async function record(): Promise<void> {
  const [{ runClideRecord }, { formatFindings }] = await Promise.all([
    import('../recorder/clide-record.js'),
    import('../redact/finalize.js'),
  ]);
  const result = await runClideRecord(argv);
  const warning = formatFindings(result.fixturePath, result.findings);
  // The session is over and forwarded: the client's stderr hears what was masked.
  if (warning) process.stderr.write(`clide-record: ${warning}\n`);
  if (result.signal) {
    // Die the way the CLI died, so the client sees the same signal.
    process.kill(process.pid, result.signal);
  }
  process.exitCode = result.exitCode ?? 1;
}
