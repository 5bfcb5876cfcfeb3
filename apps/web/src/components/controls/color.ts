// Colours are stored as lower-case `#rrggbb` (shared `colorField`, COLOR_PATTERN). People may type
// them as they find them elsewhere: upper case, without the hash, or in the three-digit short form.

const FULL = /^#?([0-9a-f]{6})$/i;
const SHORT = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** `#rrggbb` in lower case for anything that is a colour in hex notation; null otherwise. */
export function normalizeHexColor(text: string): string | null {
  const value = text.trim();
  const full = FULL.exec(value);
  if (full) return `#${full[1]!.toLowerCase()}`;
  const short = SHORT.exec(value);
  if (short)
    return `#${short
      .slice(1, 4)
      .map((digit) => `${digit}${digit}`)
      .join('')}`.toLowerCase();
  return null;
}

export interface ColorPreset {
  /** The colour's name, read by screen readers with its code. */
  label: string;
  /** Lower-case `#rrggbb`. */
  value: string;
}

/**
 * A few colours editors can pick with one click or key: Tailwind shades dark enough for white text to
 * pass 4.5:1 on them (checked in color.test.ts), so a label painted in any of them stays readable.
 */
export const DEFAULT_COLOR_PRESETS: readonly ColorPreset[] = [
  { label: 'Azul', value: '#2563eb' },
  { label: 'Añil', value: '#4f46e5' },
  { label: 'Morado', value: '#9333ea' },
  { label: 'Rosa', value: '#db2777' },
  { label: 'Rojo', value: '#dc2626' },
  { label: 'Naranja', value: '#c2410c' },
  { label: 'Verde', value: '#15803d' },
  { label: 'Verde azulado', value: '#0f766e' },
  { label: 'Gris', value: '#4b5563' },
];
