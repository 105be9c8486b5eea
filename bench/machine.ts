import { readFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';

/** The machine a benchmark ran on, as the report describes it. */
export interface MachineInfo {
  cpuModel: string;
  /** Logical CPUs the process may use. */
  cores: number;
  memoryMiB: number;
  freeMemoryMiB: number;
  node: string;
  os: string;
  /** 1, 5 and 15 minute load averages when the run started and when it ended. */
  loadAtStart: [number, number, number];
  loadAtEnd?: [number, number, number];
}

export function currentLoad(): [number, number, number] {
  const [a = 0, b = 0, c = 0] = loadavg();
  return [round2(a), round2(b), round2(c)];
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function cpuModel(): string {
  const fromOs = cpus()[0]?.model?.trim();
  if (fromOs && fromOs !== 'unknown') return fromOs;
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':').slice(1).join(':').trim();
  } catch {
    // Not Linux: nothing more to learn.
  }
  return 'unknown';
}

export function describeMachine(): MachineInfo {
  return {
    cpuModel: cpuModel(),
    cores: availableParallelism(),
    memoryMiB: Math.round(totalmem() / 2 ** 20),
    freeMemoryMiB: Math.round(freemem() / 2 ** 20),
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    loadAtStart: currentLoad(),
  };
}
