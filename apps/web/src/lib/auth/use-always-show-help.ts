import { useAuth } from './use-auth';

/**
 * The "Always show help" setting (docs/product-spec.md section 2, account settings): on, the
 * screens' and fields' help texts are always shown; off, a field's help shows while the field has
 * the focus and screen introductions are left to screen readers (ADR 054). Signed out: on.
 */
export function useAlwaysShowHelp(): boolean {
  return useAuth().user?.settings.alwaysShowHelp ?? true;
}
