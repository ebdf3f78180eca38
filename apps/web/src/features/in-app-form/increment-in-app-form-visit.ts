import { callFunction } from '../../lib/call-function.ts';

let counted = false;

/**
 * incrementInAppFormVisit (docs/product.md#server-functions): once per page load (StrictMode mounts twice in development);
 * a failure is only logged, the form works without it.
 */
export async function incrementInAppFormVisit(): Promise<boolean> {
  if (counted) return false;
  counted = true;
  try {
    return (await callFunction('incrementInAppFormVisit', {})).success;
  } catch (error) {
    console.warn('incrementInAppFormVisit failed', error);
    return false;
  }
}
