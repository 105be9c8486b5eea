const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The month and year as the CLI writes them in its tool descriptions (`December 2026`; `{monthYear}`):
 * the local month's English name, as `toLocaleString('en-US', { month: 'long' })` gives it, without
 * the cost of a date formatter (the fake asks for it at every model request).
 */
export function monthYear(now = new Date()): string {
  return `${MONTHS[now.getMonth()]} ${now.getFullYear()}`;
}
