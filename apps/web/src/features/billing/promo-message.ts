/**
 * The promo banner's message (docs/product-spec.md section 2, "Promo banner") is a server setting,
 * `PROMO_MESSAGE_EN` and `PROMO_MESSAGE_DE`, served with the account's plan (ADR 053): changing it
 * needs a restart, no rebuild. Without one for the language, no promo shows.
 */
export function promoMessage(
  promo: { en: string | null; de: string | null } | undefined,
  language: string,
): string | null {
  return (language.startsWith('de') ? promo?.de : promo?.en) ?? null;
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
