/**
 * The promo banner's message (docs/product-spec.md section 2, "Promo banner"), configured per
 * deployment at build time as `VITE_PROMO_MESSAGE_EN` and `VITE_PROMO_MESSAGE_DE`, the way the
 * help menu's addresses are (ADR 028, "Dashboard"). Without one for the language, no promo shows.
 */
export function promoMessage(language: string): string | null {
  const env = import.meta.env as Record<string, string | undefined>;
  const key = `VITE_PROMO_MESSAGE_${language.toUpperCase()}`;
  const message = env[key]?.trim();
  return message ? message : null;
}

const DISMISSED_KEY = 'lvnt.promo.dismissed';

/** Dismissed for this browser session only: the next session shows the offer again. */
export const promoDismissal = {
  get(): boolean {
    try {
      return sessionStorage.getItem(DISMISSED_KEY) === '1';
    } catch {
      return false;
    }
  },
  set(): void {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): the banner stays hidden until the page reloads.
    }
  },
};
