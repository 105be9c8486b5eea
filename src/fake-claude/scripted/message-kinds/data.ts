import { DATA_BY_VERSION } from './data/index.js';
import type { MessageKindsData } from './types.js';

/** The captured message kinds of each emulated version (`npm run fake:capture-message-kinds`). */
const DATA = DATA_BY_VERSION as Readonly<Record<string, MessageKindsData>>;

/** What `version` emits for the message kinds beyond a plain turn (empty for a version never captured). */
export function messageKindsData(version: string): MessageKindsData {
  return DATA[version] ?? { version };
}
