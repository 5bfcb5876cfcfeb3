import { describe, expect, it } from 'vitest';
import { counterAnnouncement, counterText, limitDescription } from './character-count';

describe('the character counter', () => {
  it('shows the count against the limit', () => {
    expect(counterText(123, 300)).toBe('123 / 300');
    expect(counterText(0, 300)).toBe('0 / 300');
  });

  it('describes the limit for screen readers', () => {
    expect(limitDescription(300)).toBe('Máximo 300 caracteres.');
    expect(limitDescription(1)).toBe('Máximo 1 carácter.');
  });

  it('announces nothing below 90 % of the limit', () => {
    expect(counterAnnouncement(0, 300)).toBeNull();
    expect(counterAnnouncement(269, 300)).toBeNull();
  });

  it('announces what is left from 90 %, in Spanish singular and plural', () => {
    expect(counterAnnouncement(270, 300)).toBe('Quedan 30 caracteres.');
    expect(counterAnnouncement(299, 300)).toBe('Queda 1 carácter.');
    expect(counterAnnouncement(300, 300)).toBe('Ha llegado al máximo de 300 caracteres.');
  });

  it('announces how far over the limit the text is', () => {
    expect(counterAnnouncement(301, 300)).toBe('Sobra 1 carácter: el máximo es 300.');
    expect(counterAnnouncement(305, 300)).toBe('Sobran 5 caracteres: el máximo es 300.');
  });
});
