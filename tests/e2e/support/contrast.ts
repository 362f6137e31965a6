import type { Locator } from 'playwright-core';

/** WCAG relative luminance of an `rgb()`/`rgba()` colour as the browser computes it. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The focused control's fill, its outline colour and width, and the opaque colours of its box-shadow bands. */
export async function focusIndicatorOf(control: Locator) {
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    const opaque = (color: string) => !/rgba\([^)]*,\s*0(\.0*)?\)/.test(color);
    const bands = (style.boxShadow.match(/rgba?\([^)]*\)/g) ?? []).filter(opaque);
    return { fill: style.backgroundColor, outline: style.outlineColor, outlineWidth: parseFloat(style.outlineWidth), bands };
  });
}
