/**
 * The blocking alerts of docs/product.md#errors go through here, so there is one place that shows them
 * (browser tests accept the dialogs).
 */
export function notify(message: string): void {
  window.alert(message);
}
