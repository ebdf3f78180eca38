// Just enough of a browser for the sign-in flow: plain fetch, manual redirects, a cookie jar that
// honours Path and deletion (the provider's cookies are path-scoped, and some are signed).

type Cookie = { name: string; value: string; path: string };

export class TestBrowser {
  private cookies: Cookie[] = [];

  /** `userAgent`: the browser it stands for (the server records it as the device's). */
  constructor(private readonly userAgent?: string) {}

  /** Requests `url` and follows redirects until `stopAt` (not requested) or a non-redirect. */
  async navigate(
    url: string | URL,
    options: { method?: 'GET' | 'POST'; form?: Record<string, string>; stopAt?: string } = {},
  ): Promise<{ url: URL; response: Response | null }> {
    let current = new URL(url);
    let method = options.method ?? 'GET';
    let body: URLSearchParams | undefined = options.form
      ? new URLSearchParams(options.form)
      : undefined;
    for (let hops = 0; hops < 10; hops += 1) {
      if (options.stopAt && current.href.startsWith(options.stopAt)) {
        return { url: current, response: null };
      }
      const response = await this.request(current, method, body);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, response };
      }
      await response.arrayBuffer();
      current = new URL(location, current);
      method = 'GET';
      body = undefined;
    }
    throw new Error('too many redirects');
  }

  async request(url: URL, method: 'GET' | 'POST', body?: URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.userAgent) headers['user-agent'] = this.userAgent;
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = url.origin;
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line, url);
    return response;
  }

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(line: string, url: URL) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = url.pathname.slice(0, url.pathname.lastIndexOf('/')) || '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = val;
      if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
    }
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
    if (!expired) this.cookies.push({ name, value, path });
  }
}

/** The sign-in form's action, resolved against the page URL. */
export function formAction(html: string, pageUrl: URL): URL {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no form on the page');
  return new URL(match[1], pageUrl);
}
