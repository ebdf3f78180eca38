import { type InAppForm, MESSAGES } from '@pasado/core';
import { callFunction } from '../../lib/call-function.ts';

export type SubmitOutcome = { ok: true } | { ok: false; message: string };

/**
 * submitInAppForm (docs/product.md#server-functions, #errors): `isSuccess` false shows the server message or 'Something went
 * wrong.'; a call that fails (network, timeout, refusal) shows 'Unable to submit the form…'.
 */
export async function submitInAppForm(form: InAppForm): Promise<SubmitOutcome> {
  try {
    const result = await callFunction('submitInAppForm', form);
    if (result.isSuccess) return { ok: true };
    return { ok: false, message: result.message || MESSAGES.SOMETHING_WENT_WRONG };
  } catch (error) {
    console.warn('submitInAppForm failed', error);
    return { ok: false, message: MESSAGES.FORM_UNAVAILABLE };
  }
}
