import { describe, expect, it } from 'vitest';
import { readCapturedData } from '../capture/data-dir.js';
import { behaviourFor, behaviourOf } from './index.js';

describe('behaviourOf: a version from its data files, registered or not', () => {
  it('is what behaviourFor gives for a registered version', async () => {
    const registered = await behaviourFor('2.1.332');
    const fromFiles = behaviourOf('2.1.332', readCapturedData('2.1.332'));
    expect(fromFiles.defaultModelFor('api-key')).toBe(registered.defaultModelFor('api-key'));
    expect(fromFiles.apiModelFor(fromFiles.defaultModelFor('api-key'))).toBe(
      registered.apiModelFor(registered.defaultModelFor('api-key')),
    );
  });

  it('builds a version the registry does not know yet (a capture under way), with the override sets up to it', () => {
    expect(() => behaviourFor('2.1.333')).toThrow(/cannot emulate claude 2.1.333/);
    const data = readCapturedData('2.1.332');
    // 2.1.332's override set applies from 2.1.332 on: 2.1.333 has it, 2.1.331 has the base only.
    expect(behaviourOf('2.1.333', data).missingContentPrompt).toBe('(no content)');
    expect(behaviourOf('2.1.331', data).missingContentPrompt).not.toBe('(no content)');
  });
});
