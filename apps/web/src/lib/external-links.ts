/**
 * External destinations (help menu, docs/product-spec.md section 2 "Header"; legal documents), in one place so a
 * deployment can point them elsewhere with VITE_* variables at build time.
 */
export const EXTERNAL_LINKS = {
  documentation: import.meta.env.VITE_DOCS_URL ?? 'https://docs.livent.app',
  helpCenter: import.meta.env.VITE_HELP_CENTER_URL ?? 'https://help.livent.app',
  supportChat: import.meta.env.VITE_SUPPORT_CHAT_URL ?? 'https://livent.app/support',
  /** What sign-up asks to accept (docs/product-spec.md section 5). */
  terms: import.meta.env.VITE_TERMS_URL ?? 'https://livent.app/terms',
  privacy: import.meta.env.VITE_PRIVACY_URL ?? 'https://livent.app/privacy',
} as const;
