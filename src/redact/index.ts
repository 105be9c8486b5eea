/** Redaction, applied before anything reaches disk, and the leak scan that double-checks it. */
export { accountBlock } from './account.js';
export { base64Forms, encodedForms, percentForms } from './encodings.js';
export { findHighEntropy, isHighEntropyToken, shannonEntropy } from './entropy.js';
export { type FinalizeOptions, type FinalizeResult, finalizeFixture, formatFindings } from './finalize.js';
export { DEFAULT_HEADER_ENV, headerEnv } from './header-env.js';
export { createIdNormalizer, type IdNormalizer } from './ids-bridge.js';
export { JoinedFrames, type LinePatch, type PreparedLine } from './joined-frames.js';
export { type JoinedMatch, JoinedText } from './joined-text.js';
export { type PathSegment, parseJsonPath } from './json-path.js';
export {
  finalizeFixtureSync,
  formatLeaks,
  type GrowingSecrets,
  type Leak,
  type LeakHit,
  maskSecret,
  type ScanOptions,
  type StreamingLeakScan,
  scanForLeakHits,
  scanForLeaks,
  scanForLeaksSync,
  streamingLeakScan,
  unescapeLenient,
} from './leak-scan.js';
export { pathSlug } from './machine.js';
export { maskLeaks, WITHHELD } from './mask-leaks.js';
export { findSecrets, isAllowedEmail, SECRET_PATTERNS, type SecretPattern } from './patterns.js';
export {
  createRedactor,
  type Redactor,
  type RedactorOptions,
  type RuleCount,
  type SecretLiteral,
} from './redactor.js';
export {
  customHeaders,
  envSecrets,
  isCommonValue,
  type KnownValue,
  knownEnvValues,
  looksSecretName,
  MIN_KNOWN_VALUE_LENGTH,
  MIN_SECRET_LENGTH,
} from './secret-env.js';
export {
  compileUserRules,
  loadRedactionRules,
  type RedactionConfig,
  redactionConfigSchema,
  type UserRule,
  userRuleSchema,
} from './user-rules.js';
