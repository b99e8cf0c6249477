import { compile } from 'html-to-text';

/**
 * The plain-text part of a mail, derived from its rendered HTML so that both parts always say the
 * same thing from the same catalogue texts (ADR 023) — the way react-email writes its text parts.
 * What only makes sense in HTML (`data-text="skip"`: the brand bar, the button and the sentence
 * pointing at it) is left out; a link's address is already its text, so it is written once.
 * Lines are not wrapped: links must stay whole, and the transport encodes long lines.
 */
export const htmlToPlainText: (html: string) => string = compile({
  wordwrap: false,
  selectors: [
    { selector: '[data-text=skip]', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
  ],
});
