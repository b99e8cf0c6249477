import type { Feedback } from '@livent/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** `POST /feedback` (docs/product-spec.md section 3, "Feedback"); nothing cached changes. */
export const useSendFeedback = () =>
  useMutation({
    mutationFn: (feedback: Feedback) => api.post('/feedback', { body: feedback }),
  });
