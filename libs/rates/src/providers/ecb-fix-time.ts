const berlinOffset = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  timeZoneName: 'shortOffset',
});

/**
 * The instant of ECB's daily reference fix: 16:00 in Frankfurt (CET or CEST) on `day`. Frankfurter
 * republishes the same rates and gets the same stamp.
 */
export function ecbFixInstant(day: string): string {
  // At noon UTC the Berlin offset of that day is settled (DST switches at 01:00 UTC).
  const noon = new Date(`${day}T12:00:00Z`);
  const label = berlinOffset.formatToParts(noon).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const hours = Number(/GMT([+-]\d+)/.exec(label)?.[1] ?? 1);
  return new Date(Date.parse(`${day}T16:00:00Z`) - hours * 3_600_000).toISOString();
}
