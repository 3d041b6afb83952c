/** WCAG 2.1 contrast, for colors written as "#rrggbb" or "rgb(a)(r, g, b[, a])" (antd's tokens, a category's color). */

type Rgba = readonly [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16), 1];
  const rgba = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(color);
  if (!rgba) throw new Error(`Cor ilegível: ${color}`);
  return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), rgba[4] === undefined ? 1 : Number(rgba[4])];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio (1 to 21) of `text`, blended over `background` when translucent, on `background`. */
export function contrastRatio(text: string, background: string): number {
  const bg = parse(background);
  const [r, g, b, a] = parse(text);
  const blended: Rgba = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a), 1];
  const [hi, lo] = [luminance(blended), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// Black or white: for any color one of the two reaches at least 4.58:1.
const DARK_TEXT = "#000000";
const LIGHT_TEXT = "#ffffff";

/** The text color, black or white, that reads better on `background` (a tag filled with a chosen color). */
export function readableTextOn(background: string): string {
  return contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background) ? DARK_TEXT : LIGHT_TEXT;
}
