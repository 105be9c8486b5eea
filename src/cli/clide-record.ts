import { packageInfo } from '../config/package-info.js';
import { isClideError } from '../errors/index.js';
import { clideRecordHelp, isClideRecordHelp, runClideRecord } from '../recorder/index.js';

const argv = process.argv.slice(2);
try {
  if (isClideRecordHelp(argv)) {
    process.stdout.write(clideRecordHelp(packageInfo().pinned));
  } else {
    await record();
  }
} catch (error) {
  process.stderr.write(`clide-record: ${isClideError(error) ? error.render() : String(error)}\n`);
  process.exitCode = isClideError(error) ? error.exitCode : 70;
}

async function record(): Promise<void> {
  const result = await runClideRecord(argv);
  if (result.signal) {
    // Die the way the CLI died, so the client sees the same signal.
    process.kill(process.pid, result.signal);
  }
  process.exitCode = result.exitCode ?? 1;
}
