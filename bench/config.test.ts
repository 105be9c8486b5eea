import { describe, expect, it } from 'vitest';
import { benchConfig, DEFAULT_CANARY_SCENARIOS, SECTION_IDS } from './config.js';

describe('benchConfig', () => {
  it('runs every section with the documented defaults when no BENCH_ variable is set', () => {
    const c = benchConfig({});
    expect([...c.only]).toEqual([...SECTION_IDS]);
    expect(c.replayFrames).toBe(100_000);
    expect(c.scalingSizes).toEqual([1000, 10_000, 100_000]);
    expect(c.replayMemoryFrames).toEqual([10_000, 100_000]);
    expect(c.scalingTurns).toEqual([5000, 10_000, 20_000]);
    expect(c.canaryScenarios).toEqual(DEFAULT_CANARY_SCENARIOS);
    expect(c.profile).toBe('missed');
    expect(c.outDir).toBe('reports/bench');
  });

  it('reads sizes, lists and sections from the environment', () => {
    const c = benchConfig({
      BENCH_ONLY: 'replay, scaling',
      BENCH_REPLAY_FRAMES: '500',
      BENCH_SCALING_SIZES: '100,1000',
      BENCH_REPLAY_MEMORY_FRAMES: '10000,100000,1000000',
      BENCH_SCALING_TURNS: '50,100',
      BENCH_PROFILE: 'never',
    });
    expect([...c.only]).toEqual(['replay', 'scaling']);
    expect(c.replayFrames).toBe(500);
    expect(c.scalingSizes).toEqual([100, 1000]);
    expect(c.replayMemoryFrames).toEqual([10_000, 100_000, 1_000_000]);
    expect(c.scalingTurns).toEqual([50, 100]);
    expect(c.profile).toBe('never');
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => benchConfig({ BENCH_TURN_ROUNDS: '0' })).toThrow(/BENCH_TURN_ROUNDS/);
    expect(() => benchConfig({ BENCH_REPLAY_FRAMES: 'many' })).toThrow(/BENCH_REPLAY_FRAMES/);
    expect(() => benchConfig({ BENCH_ONLY: 'turn,speed' })).toThrow(/unknown section "speed"/);
    expect(() => benchConfig({ BENCH_PROFILE: 'sometimes' })).toThrow(/BENCH_PROFILE/);
    expect(() => benchConfig({ BENCH_SCALING_TURNS: '100,lots' })).toThrow(/BENCH_SCALING_TURNS has "lots"/);
  });
});
