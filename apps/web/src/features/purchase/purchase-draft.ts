import { useEffect, useState } from 'react';

/** What the student typed, kept across a reload or a lost tab on flaky networks (never the file). */
export type PurchaseDraft = {
  planId: string | null;
  method: 'refCode' | 'screenshot';
  refCode: string;
};

const KEY = 'pasado:purchase-draft';
const EMPTY: PurchaseDraft = { planId: null, method: 'refCode', refCode: '' };

function read(): PurchaseDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const value = JSON.parse(raw) as Partial<PurchaseDraft>;
    return {
      planId: typeof value.planId === 'string' ? value.planId : null,
      method: value.method === 'screenshot' ? 'screenshot' : 'refCode',
      refCode: typeof value.refCode === 'string' ? value.refCode.slice(0, 64) : '',
    };
  } catch {
    return EMPTY;
  }
}

/** The draft in sessionStorage (this tab only); `clear` once the purchase went through. */
export function usePurchaseDraft() {
  const [draft, setDraft] = useState<PurchaseDraft>(read);
  useEffect(() => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(draft));
    } catch {
      // Private mode or full storage: the draft lives in memory only.
    }
  }, [draft]);
  const clear = () => {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // See above.
    }
  };
  return { draft, setDraft, clear };
}
