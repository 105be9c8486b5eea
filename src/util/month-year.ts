/** The month and year as the CLI writes them in its tool descriptions (`December 2026`; `{monthYear}`). */
export function monthYear(now = new Date()): string {
  return `${now.toLocaleString('en-US', { month: 'long' })} ${now.getFullYear()}`;
}
