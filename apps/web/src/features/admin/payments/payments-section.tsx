/** Staff console section: payments. Filled in by the work on its issue. */
export function PaymentsSection() {
  return <section aria-label="Payments" />;
}
