import { readableInk } from '@livent/shared';

/** Colours are `#rrggbb` (docs/product-spec.md section 5, "color not valid (#000000)"; `fields.color`). */
const HEX = /^#[0-9a-fA-F]{6}$/;

export const isHexColor = (value: string): boolean => HEX.test(value);

/**
 * What a typed colour becomes when the field is left: trimmed, with the `#` added to six hex
 * digits and `#abc` spelled out; anything else stays as typed, for the schema to refuse.
 */
export function completeHexColor(value: string): string {
  const text = value.trim();
  const digits = text.startsWith('#') ? text.slice(1) : text;
  if (/^[0-9a-fA-F]{6}$/.test(digits)) return `#${digits.toLowerCase()}`;
  if (/^[0-9a-fA-F]{3}$/.test(digits))
    return `#${[...digits].map((digit) => digit + digit).join('')}`.toLowerCase();
  return text;
}

/** The native colour picker needs a valid value: the colour, or black while the text is invalid. */
export const swatchValue = (value: string): string =>
  isHexColor(value) ? value.toLowerCase() : '#000000';

/** Black or white text, whichever reads better on `background` (WCAG relative luminance). */
export const readableOn = readableInk;
