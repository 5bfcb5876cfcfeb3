import { describe, expect, test } from 'vitest';
import { announcementMarks, crossedMark, formatClock, remainingSentence, spokenDuration } from './countdown';

describe('countdown', () => {
  test('a clock, and the time spoken in Spanish', () => {
    expect(formatClock(599.2)).toBe('10:00');
    expect(formatClock(59)).toBe('00:59');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-3)).toBe('00:00');
    expect(spokenDuration(3900)).toBe('1 hora y 5 minutos');
    expect(spokenDuration(7200)).toBe('2 horas');
    expect(remainingSentence(60)).toBe('Queda 1 minuto.');
    expect(remainingSentence(30)).toBe('Quedan 30 segundos.');
    expect(remainingSentence(600)).toBe('Quedan 10 minutos.');
  });

  test('speaks every ten minutes, then at 5 and 1 minutes, 30 and 10 seconds', () => {
    expect(announcementMarks(30 * 60)).toEqual([1200, 600, 300, 60, 30, 10]);
    expect(announcementMarks(60)).toEqual([30, 10]);
    expect(crossedMark([600, 300, 60], 301, 300)).toBe(300);
    expect(crossedMark([600, 300, 60], 305, 302)).toBeNull();
    // Several marks crossed at once (a tab that slept): the latest one.
    expect(crossedMark([600, 300, 60], 700, 200)).toBe(300);
  });
});
