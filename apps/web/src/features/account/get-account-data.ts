import type { PaymentHistory } from '@pasado/core';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../lib/api.ts';
import { readDeviceId } from '../../lib/device-id.ts';

/** GET /api/progress/payments: the student's own transactions, newest first. */
export const paymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['progress', 'payments'],
    queryFn: ({ signal }) => getJson<PaymentHistory>('/api/progress/payments', { signal }),
  });

/** This browser's device id (IndexedDB), to mark the current device; null when unreadable. */
export const localDeviceIdQueryOptions = () =>
  queryOptions({
    queryKey: ['local-device-id'],
    queryFn: async () => {
      try {
        return await readDeviceId();
      } catch {
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
