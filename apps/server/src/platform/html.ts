/**
 * Escapes text for HTML text and quoted attribute values: the server's own small pages (sign-in,
 * the popup's result, the development mail outbox) and the HTML of the emails it sends.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
