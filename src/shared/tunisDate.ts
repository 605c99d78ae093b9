const TUNIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis', year: 'numeric', month: '2-digit', day: '2-digit' })

/** yyyy-mm-dd of an instant in the Tunis time zone (offers, expiry and search rules count in Tunis days). */
export function tunisDate(at: Date | number): string {
  return TUNIS_DAY.format(at)
}
