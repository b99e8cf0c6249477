import { iframeSource } from '@livent/shared';
import { useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * A link field where "pasted player embed code containing an iframe is reduced to its source
 * link" (docs/product-spec.md section 5), as the server does on save: the player's and the
 * frames' links. `reduced` says that it happened, so that the field can say so.
 */
export function useEmbedLinkField<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const [reduced, setReduced] = useState(false);
  const field = form.register(name, {
    onChange: (event: { target: { value: string } }) => {
      const link = iframeSource(event.target.value);
      if (link === undefined) return;
      form.setValue(name, link as PathValue<T, Path<T>>, {
        shouldDirty: true,
        shouldValidate: true,
      });
      setReduced(true);
    },
  });
  return { field, reduced };
}
