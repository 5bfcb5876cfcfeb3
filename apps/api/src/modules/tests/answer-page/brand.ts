// The organisation's colour (BRAND_COLOR) on the answering page, kept readable (WCAG 2.2 1.4.3 and
// 1.4.11): the header band and the main button are the colour itself, with white text when white
// reaches 4.5:1 on it and near-black text otherwise; links and the checked controls use the colour
// on white, darkened until it reaches 4.5:1 there.

/** WCAG 2.2's contrast minimum for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const DARK = '#111111';

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance of an sRGB colour #rrggbb. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export interface BrandColours {
  /** The band and the main button: the organisation's colour. */
  brand: string;
  /** Text on the brand colour: white when it reads, near-black (or black) otherwise. */
  onBrand: string;
  /** Links, focus and checked controls on white: the brand colour, darkened until it reads. */
  accent: string;
}

export function brandColours(brand: string): BrandColours {
  const onBrand =
    contrastRatio(WHITE, brand) >= MIN_TEXT_CONTRAST
      ? WHITE
      : contrastRatio(DARK, brand) >= MIN_TEXT_CONTRAST
        ? DARK
        : '#000000';
  let accent = brand;
  const start = channels(brand);
  // Towards black in steps of 5 %: at most twenty steps, and black reads on white.
  for (let step = 1; contrastRatio(accent, WHITE) < MIN_TEXT_CONTRAST && step <= 20; step++) {
    accent = toHex(start.map((c) => c * (1 - step / 20)) as [number, number, number]);
  }
  return { brand, onBrand, accent };
}
