/** Redaction, applied before anything reaches disk, and the leak scan that double-checks it. */
export { accountBlock } from './account.js';
export { DEFAULT_HEADER_ENV, headerEnv } from './header-env.js';
export { createIdNormalizer, type IdNormalizer } from './ids-bridge.js';
export { type PathSegment, parseJsonPath } from './json-path.js';
export {
  finalizeFixture,
  formatLeaks,
  type Leak,
  maskSecret,
  scanForLeaks,
  unescapeLenient,
} from './leak-scan.js';
export { pathSlug } from './machine.js';
export { findSecrets, isAllowedEmail, SECRET_PATTERNS, type SecretPattern } from './patterns.js';
export {
  createRedactor,
  type Redactor,
  type RedactorOptions,
  type RuleCount,
  type SecretLiteral,
} from './redactor.js';
export { envSecrets, looksSecretName, MIN_SECRET_LENGTH } from './secret-env.js';
export {
  compileUserRules,
  loadRedactionRules,
  type RedactionConfig,
  redactionConfigSchema,
  type UserRule,
  userRuleSchema,
} from './user-rules.js';
