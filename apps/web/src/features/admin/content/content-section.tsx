/** Staff console section: content. Filled in by the work on its issue. */
export function ContentSection() {
  return <section aria-label="Content" />;
}
