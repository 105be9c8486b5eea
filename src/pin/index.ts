/** Pinning a new CLI version: corpus, drafted schemas, registration, the fake's data. */
export { type CorpusCheck, checkCorpus } from './check-corpus.js';
export { type PinOptions, type PinResult, pin, renderPinSummary } from './pin.js';
export { type RecordCorpusOptions, type RecordCorpusResult, recordCorpus } from './record-corpus.js';
export {
  kitRegistries,
  renderPinnedList,
  schemaVersions,
  withVersionExports,
  writeKitRegistries,
} from './register.js';
