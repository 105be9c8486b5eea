import { isClideError } from '../errors/index.js';
import { runClideRecord } from '../recorder/index.js';

try {
  const result = await runClideRecord(process.argv.slice(2));
  if (result.signal) {
    // Die the way the CLI died, so the client sees the same signal.
    process.kill(process.pid, result.signal);
  }
  process.exitCode = result.exitCode ?? 1;
} catch (error) {
  process.stderr.write(`clide-record: ${isClideError(error) ? error.render() : String(error)}\n`);
  process.exitCode = isClideError(error) ? error.exitCode : 70;
}
