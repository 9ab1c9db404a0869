const offsets = new Map<string, Intl.DateTimeFormat>();

/** The instant of `hour:minute` local time in `timeZone` on `day` (YYYY-MM-DD), in epoch ms. */
export function localInstant(day: string, hour: number, minute: number, timeZone: string): number {
  let format = offsets.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsets.set(timeZone, format);
  }
  // At noon UTC the zone's offset for that day is settled (European DST switches at 01:00 UTC).
  const label =
    format.formatToParts(new Date(`${day}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(label);
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute - offsetMinutes) * 60_000;
}
