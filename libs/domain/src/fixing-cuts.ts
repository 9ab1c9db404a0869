/**
 * FXRates fixings' cuts: the operator-defined moments at which the worker freezes the rates table
 * in service (FIXING_CUTS). A clock cut is a local time in an IANA zone on weekdays or every day;
 * the `ecb` cut is the ECB's daily fix, frozen from the first table carrying that day's ECB rates.
 */
export interface ClockFixingCut {
  kind: 'clock';
  name: string;
  timeZone: string;
  /** HH:MM or HH:MM:SS, local time in `timeZone`. */
  time: string;
  days: 'weekdays' | 'daily';
}

export interface EcbFixingCut {
  kind: 'ecb';
  name: string;
}

export type FixingCut = ClockFixingCut | EcbFixingCut;

export const FIXING_CUT_NAME = /^[A-Z][A-Z0-9]{1,15}$/;

/** The ECB publishes its reference rates around 16:00 CET: the moment an ECB fixing stands for. */
export const ECB_FIX_ZONE = 'Europe/Berlin';
export const ECB_FIX_TIME = '16:00';

export const DEFAULT_FIXING_CUTS_TEXT =
  'LDN1600=Europe/London@16:00,NY1200=America/New_York@12:00,UTC0000=UTC@00:00/daily,ECB=ecb';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses `NAME=Zone/Id@HH:MM[:SS][/weekdays|/daily]` or `NAME=ecb`, comma-separated; throws with
 * the faulty entry named.
 */
export function parseFixingCuts(raw: string): FixingCut[] {
  const cuts: FixingCut[] = [];
  for (const entry of raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const bad = (why: string) =>
      new Error(
        `must be entries like "LDN1600=Europe/London@16:00", "UTC0000=UTC@00:00/daily" or "ECB=ecb" (${why}), got "${entry}"`,
      );
    const [name = '', definition = ''] = entry.split('=', 2).map((part) => part.trim());
    if (!FIXING_CUT_NAME.test(name))
      throw bad('a name of 2 to 16 capital letters and digits, a letter first');
    if (cuts.some((cut) => cut.name === name)) throw bad('each name once');
    if (definition === 'ecb') {
      cuts.push({ kind: 'ecb', name });
      continue;
    }
    const match = /^([^@]+)@([0-9:]+)(?:\/(weekdays|daily))?$/.exec(definition);
    if (!match) throw bad('zone@time');
    const [, timeZone, time, days] = match;
    if (!isTimeZone(timeZone)) throw bad(`unknown time zone ${timeZone}`);
    if (!TIME.test(time)) throw bad('time HH:MM or HH:MM:SS');
    cuts.push({ kind: 'clock', name, timeZone, time, days: days === 'daily' ? 'daily' : 'weekdays' });
  }
  if (cuts.length === 0) throw new Error('must name at least one cut');
  return cuts;
}

export const DEFAULT_FIXING_CUTS: readonly FixingCut[] = parseFixingCuts(DEFAULT_FIXING_CUTS_TEXT);

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in ms (local = UTC + offset). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (epoch ms) of local `time` on `day` in `timeZone`, with the offset in force at that
 * moment (not at midnight or noon: a zone that switches during the day is still right). A local
 * time skipped by a spring-forward switch is read with the offset before the switch.
 */
export function zonedInstant(day: string, time: string, timeZone: string): number {
  const match = TIME.exec(time);
  if (!DAY.test(day) || !match) throw new Error(`Not a day and time: ${day} ${time}`);
  const asUtc =
    Date.parse(`${day}T00:00:00Z`) +
    ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3] ?? 0)) * 1000;
  // Two passes: the offset at the first guess, then at the instant it gives.
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  const second = asUtc - zoneOffsetMs(first, timeZone);
  return zoneOffsetMs(second, timeZone) === zoneOffsetMs(first, timeZone) ? second : Math.max(first, second);
}

/** The cut's instant on `day` (its local day). */
export function cutInstant(cut: FixingCut, day: string): number {
  return cut.kind === 'ecb'
    ? zonedInstant(day, ECB_FIX_TIME, ECB_FIX_ZONE)
    : zonedInstant(day, cut.time, cut.timeZone);
}

/** Whether the cut has a fixing on `day` (the ECB's: only days it publishes, known when it does). */
export function isCutDay(cut: FixingCut, day: string): boolean {
  if (cut.kind === 'ecb' || cut.days === 'daily') return true;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The day (YYYY-MM-DD) after `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A clock cut's first instant at or after `from` (epoch ms), with its local day. */
export function nextCut(cut: ClockFixingCut, from: number): { day: string; at: number } {
  // Start from the UTC day before: a zone ahead of UTC has its local day begin on the UTC day before.
  let day = new Date(from - 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 10; i += 1, day = nextDay(day)) {
    if (!isCutDay(cut, day)) continue;
    const at = cutInstant(cut, day);
    if (at >= from) return { day, at };
  }
  throw new Error(`No cut of ${cut.name} within 10 days of ${new Date(from).toISOString()}`);
}

/** `fix_<CUT>_<YYYYMMDD>`: the same on every worker, the fixing's only id. */
export function fixingId(cut: string, day: string): string {
  return `fix_${cut}_${day.replaceAll('-', '')}`;
}

/** The cut and day of a fixing id, or null when it is not one. */
export function parseFixingId(id: string): { cut: string; day: string } | null {
  const match = /^fix_([A-Z][A-Z0-9]{1,15})_(\d{4})(\d{2})(\d{2})$/.exec(id);
  if (!match) return null;
  const day = `${match[2]}-${match[3]}-${match[4]}`;
  return isCalendarDay(day) ? { cut: match[1], day } : null;
}

/** A real calendar day in YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const parsed = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
}
