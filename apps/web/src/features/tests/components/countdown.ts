// The preview's countdown: a clock that shows every second, and spoken notices only now and then
// (every ten minutes, then at 5 and 1 minutes, 30 and 10 seconds): a screen reader that spoke every
// second would drown the questions.

const pad = (n: number) => String(n).padStart(2, '0');

/** "09:59", or "1:02:03" beyond an hour. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours ? `${hours}:${pad(minutes)}:${pad(s % 60)}` : `${pad(minutes)}:${pad(s % 60)}`;
}

/** "1 hora y 5 minutos", "10 minutos", "1 minuto", "30 segundos". */
export function spokenDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 segundo' : `${s} segundos`;
  const minutes = Math.round(s / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const minutesText = rest === 1 ? '1 minuto' : `${rest} minutos`;
  if (!hours) return minutesText;
  const hoursText = hours === 1 ? '1 hora' : `${hours} horas`;
  return rest ? `${hoursText} y ${minutesText}` : hoursText;
}

export function remainingSentence(seconds: number): string {
  const duration = spokenDuration(seconds);
  return /^1 (segundo|minuto|hora)\b/.test(duration) ? `Queda ${duration}.` : `Quedan ${duration}.`;
}

/** The remaining times (in seconds, largest first) at which the countdown speaks, for a limit. */
export function announcementMarks(limitSeconds: number): number[] {
  const marks = new Set<number>([300, 60, 30, 10]);
  for (let mark = 600; mark < limitSeconds; mark += 600) marks.add(mark);
  return [...marks].filter((mark) => mark < limitSeconds).sort((a, b) => b - a);
}

/**
 * The mark just crossed when the remaining time went from `before` to `now` (seconds, counting
 * down), or null: a timer that skipped a tick (a busy tab) still says the latest one.
 */
export function crossedMark(marks: readonly number[], before: number, now: number): number | null {
  const crossed = marks.filter((mark) => before > mark && now <= mark);
  return crossed.length ? crossed[crossed.length - 1]! : null;
}
