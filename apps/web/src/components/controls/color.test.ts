import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOR_PRESETS, normalizeHexColor } from './color';

describe('normalizeHexColor', () => {
  it('gives lower-case #rrggbb for any hex notation', () => {
    expect(normalizeHexColor('#3B82F6')).toBe('#3b82f6');
    expect(normalizeHexColor('3b82f6')).toBe('#3b82f6');
    expect(normalizeHexColor('  #abc ')).toBe('#aabbcc');
    expect(normalizeHexColor('F0a')).toBe('#ff00aa');
  });

  it('gives null for anything else, so the schema can say what is wrong', () => {
    for (const text of ['', '#', '#abcd', '#3b82f', '#3b82f6ff', 'azul', 'rgb(0, 0, 0)', '#ggg']) {
      expect(normalizeHexColor(text)).toBeNull();
    }
  });
});

describe('DEFAULT_COLOR_PRESETS', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };

  it('are stored as they will be saved, each once', () => {
    const values = DEFAULT_COLOR_PRESETS.map((preset) => preset.value);
    expect(values.every((value) => normalizeHexColor(value) === value)).toBe(true);
    expect(new Set(values).size).toBe(values.length);
  });

  it('carry white text at 4.5:1 or more (WCAG AA)', () => {
    for (const preset of DEFAULT_COLOR_PRESETS) {
      expect(1.05 / (luminance(preset.value) + 0.05), preset.label).toBeGreaterThanOrEqual(4.5);
    }
  });
});
