import type { ScenarioStatus } from '../report/model.js';

/** Progress lines on the terminal while a canary runs: `[3/28] permission/allow … passed (7.3 s) · 21 s elapsed`. */
export interface Progress {
  line(text: string): void;
  scenarioDone(id: string, status: ScenarioStatus, durationMs: number, findings: number): void;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function createProgress(total: number, write: (line: string) => void): Progress {
  const started = performance.now();
  let done = 0;
  const width = String(total).length;
  return {
    line: write,
    scenarioDone(id, status, durationMs, findings) {
      done += 1;
      const n = String(done).padStart(width);
      const extra = findings > 0 ? `, ${findings} finding${findings === 1 ? '' : 's'}` : '';
      write(
        `[${n}/${total}] ${id} … ${status} (${seconds(durationMs)}${extra}) · ${seconds(performance.now() - started)} elapsed`,
      );
    },
  };
}
