import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { loadNamespaces } from '../i18n/i18n';

/**
 * A react-hook-form resolver for one of the shared zod schemas (the server validates with the
 * same ones), loaded on first use: zod and the schemas stay off the first load of the guest
 * pages (ADR 009), and so do the texts of its messages (the `forms` namespace). Validation messages come out as the shared keys, e.g.
 * `validation.maxLength?max=100`; `translateMessage` turns them into text.
 */
export function lazyResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType>,
): Resolver<Values> {
  let resolver: Resolver<Values> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, schema] = await Promise.all([
        import('@hookform/resolvers/zod'),
        loadSchema(),
        // The texts of the messages it may return.
        loadNamespaces('forms'),
      ]);
      resolver = zodResolver(schema as never) as unknown as Resolver<Values>;
    }
    return resolver(values, context, options);
  };
}
