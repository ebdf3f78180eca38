import { escapeHtml } from '../../platform/html.ts';

/**
 * The page the sign-in popup lands on. Its script (served from our origin, so the strict CSP
 * holds) tells the opener through BroadcastChannel and postMessage, then closes the popup.
 */
export function renderPopupResultPage(
  result: { ok: true } | { ok: false; message: string },
): string {
  const message = result.ok ? 'Signed in. You can close this window.' : result.message;
  const payload = JSON.stringify(
    result.ok
      ? { type: 'pasado:signed-in' }
      : { type: 'pasado:sign-in-failed', message: result.message },
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pasado sign-in</title><meta name="color-scheme" content="light dark"></head>
<body><main><p role="status">${escapeHtml(message)}</p><p><a href="/">Continue to Pasado</a></p></main>
<script src="/api/auth/popup-result.js" data-payload="${escapeHtml(payload)}"></script></body></html>`;
}

export const POPUP_RESULT_SCRIPT = `(() => {
  const payload = JSON.parse(document.currentScript.dataset.payload);
  try { new BroadcastChannel('pasado-auth').postMessage(payload); } catch (e) {}
  try { if (window.opener) window.opener.postMessage(payload, location.origin); } catch (e) {}
  if (window.opener || window.name === 'pasado-signin') setTimeout(() => window.close(), 150);
  else if (payload.type === 'pasado:signed-in') location.replace('/');
})();
`;
