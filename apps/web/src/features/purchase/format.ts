/** Whole pesos as students read them: ₱199, ₱1,299. */
export function peso(amount: number): string {
  return `₱${amount.toLocaleString('en-PH')}`;
}

/** A Manila date and time, e.g. 'Nov 25, 2026, 9:30 PM'. */
export function manilaDateTime(iso: string | number): string {
  return new Date(iso).toLocaleString('en-PH', {
    timeZone: 'Asia/Manila',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
