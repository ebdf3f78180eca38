/** Staff console section: messages. Filled in by the work on its issue. */
export function MessagesSection() {
  return <section aria-label="Messages" />;
}
