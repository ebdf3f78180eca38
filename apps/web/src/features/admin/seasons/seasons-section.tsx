/** Staff console section: seasons. Filled in by the work on its issue. */
export function SeasonsSection() {
  return <section aria-label="Seasons" />;
}
