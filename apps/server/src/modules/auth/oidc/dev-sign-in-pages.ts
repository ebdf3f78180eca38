import { escapeHtml } from '../../../platform/html.ts';

// HTML of the development identity provider: self-contained (no scripts, no external assets), so
// one strict Content-Security-Policy covers every page.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem;
font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1b1f24}
main{width:100%;max-width:24rem;background:#fff;border-radius:.75rem;padding:1.5rem;
box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.5rem}
input[aria-invalid=true]{border-color:#b42318}
input:focus,button:focus{outline:3px solid #2563eb;outline-offset:2px}
button{margin-top:1rem;width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;
border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
.error{color:#b42318;margin:.5rem 0 0}
.note{margin:1.25rem 0 0;font-size:.875rem;color:#4b5563}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}
main{background:#1f2937}input{background:#111827;color:#f3f4f6;border-color:#9ca3af}
.note{color:#d1d5db}.error{color:#fca5a5}}
`;

export const DEFAULT_DEV_EMAIL = 'student@example.com';

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Pasado development sign-in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const NOTE =
  '<p class="note">This is Pasado’s development sign-in. It signs you in as any email address, ' +
  'without a password, and only runs outside production.</p>';

export function renderSignInPage(input: {
  action: string;
  email: string;
  error?: string | undefined;
}): string {
  const error = input.error
    ? `<p class="error" id="email-error" role="alert">${escapeHtml(input.error)}</p>`
    : '';
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return layout(
    'Sign in as…',
    `<h1>Sign in as…</h1>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="email" autocapitalize="none" spellcheck="false" required maxlength="254" value="${escapeHtml(input.email)}"${invalid}>
${error}
<button type="submit">Continue</button>
</form>
${NOTE}`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${NOTE}`);
}
