export { clideRecordHelp, isClideRecordHelp, RECORD_ENV, runClideRecord } from './clide-record.js';
export { DEFAULT_RECORD_DIR, recordOutputPath, resolveOutputPath } from './output-path.js';
export { type RecordClaude, type RecordClaudeOptions, recordClaude } from './record-claude.js';
export type { RecordOptions, RecordResult } from './record-process.js';
export { recordProcess } from './record-process.js';
export { type RecoverResult, recoverRecording } from './recover.js';
