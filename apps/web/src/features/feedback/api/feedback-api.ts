import type { Feedback } from '@livent/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `POST /feedback` (docs/product-spec.md section 3, "Feedback"); nothing cached changes. */
export const useSendFeedback = () =>
  useMutation({
    mutationFn: (feedback: Feedback) =>
      apiFetch<void>('/feedback', { method: 'POST', body: feedback }),
  });
