import type { SubscriptionStatus } from '@pasado/core/rules';
import type { ChipTone } from '../components/chip.tsx';

/**
 * The colour of a subscription status (docs/product.md#states), the same for students and staff: waiting,
 * good, stopped.
 */
export const SUBSCRIPTION_STATUS_TONES: Record<SubscriptionStatus, ChipTone> = {
  pending: 'warning',
  forVerification: 'warning',
  approved: 'success',
  completed: 'success',
  suspended: 'danger',
  revoked: 'danger',
  expired: 'danger',
};
