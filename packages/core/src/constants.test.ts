import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('constants (docs/product.md#constants)', () => {
  it('hold the values docs/product.md#constants gives', () => {
    expect(c).toMatchObject({
      PRODUCT_NAME: 'Pasado',
      TAB_NAVIGATION_DELAY_MS: 400,
      MODAL_RESET_DELAY_MS: 500,
      SESSION_TOAST_RESET_MS: 3000,
      PURCHASE_TIP_INTERVAL_MS: 3000,
      PURCHASE_TIP_MAX_TICKS: 2,
      FUNCTIONS_TIMEOUT_MS: 70_000,
      MESSAGE_MAX_LENGTH: 500,
      ATTACHMENT_MAX_BYTES: 5_242_880,
      REF_CODE_LENGTH: 13,
      IN_APP_FREE_TRIAL_DAYS: 3,
      FREE_TRIAL_DAYS: 3,
      LOCAL_DB_VERSION: 1,
      LOCAL_DB_STORE: 'sessions-table',
      LOCAL_DB_NAME: 'pasado',
    });
  });
});
