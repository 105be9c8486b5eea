import v2_1_150 from './data/2.1.150.json' with { type: 'json' };
import v2_1_332 from './data/2.1.332.json' with { type: 'json' };
import type { MessageKindsData } from './types.js';

/** The captured message kinds of each emulated version (`npm run fake:capture-message-kinds`). */
const DATA: Record<string, MessageKindsData> = {
  '2.1.150': v2_1_150 as unknown as MessageKindsData,
  '2.1.332': v2_1_332 as unknown as MessageKindsData,
};

/** What `version` emits for the message kinds beyond a plain turn (empty for a version never captured). */
export function messageKindsData(version: string): MessageKindsData {
  return DATA[version] ?? { version };
}
