/**
 * Which keys of the CLI's messages carry contract values rather than data: the canary compares
 * their values (not only their types), and the report's timeline keeps them when it aligns the
 * frames of two runs.
 */

/**
 * Keys whose values are part of the contract (an enum, a discriminator, an error code) rather than
 * data: their values are compared, not only their types.
 */
export const DISCRIMINATOR_KEYS: ReadonlySet<string> = new Set([
  'type',
  'subtype',
  'behavior',
  'stop_reason',
  'terminal_reason',
  'error_code',
  'api_error_status',
  'is_error',
  'isError',
  'permissionMode',
  'mode',
  'destination',
  'role',
  'apiKeySource',
]);

/** Keys of string lists whose entries are compared one by one (catalogues a client may show). */
export const CATALOGUE_LISTS: ReadonlySet<string> = new Set(['tools', 'agents', 'skills', 'slash_commands']);
