import { formatDateTime } from '../resource/format';

// "El enlace caduca a las 11:41": the time alone when it is today, else the date too (a long
// PREVIEW_TTL_MINUTES, or a preview asked just before midnight). The browser's clock, as every
// date the screens print (resource/format.ts).

export function expirySentence(expiresAt: string, now: Date = new Date()): string {
  const formatted = formatDateTime(expiresAt);
  const [date, time] = formatted.split(' ');
  if (!time) return 'El enlace caduca pronto.';
  const today = formatDateTime(now.toISOString()).split(' ')[0];
  return date === today ? `El enlace caduca a las ${time}.` : `El enlace caduca el ${date} a las ${time}.`;
}
