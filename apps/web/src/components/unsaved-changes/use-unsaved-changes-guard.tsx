import { useBlocker } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

/**
 * Asks before leaving a page with unsaved changes (docs/product-spec.md section 4): in-app navigation shows a
 * dialog (Stay / Leave); closing or reloading the tab gets the browser's own prompt.
 * Render the returned element next to the form.
 *
 * @example
 * const guard = useUnsavedChangesGuard(form.formState.isDirty);
 * return <>{form}{guard}</>;
 */
export function useUnsavedChangesGuard(when: boolean): ReactElement {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    withResolver: true,
  });
  return (
    <UnsavedChangesDialog
      open={blocker.status === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
