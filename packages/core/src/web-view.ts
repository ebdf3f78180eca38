/**
 * Is this page running inside a mobile app's embedded web view? docs/product.md#app-shell: there only
 * the in-app free-trial form is shown. Kept free of imports and tiny: the web app's entry runs it
 * before anything else (the /login bundle budget).
 *
 * - Android WebView marks itself with `; wv)` (Lollipop and later) or, on older builds and some
 *   vendors, `Version/x.y Chrome/…` (Chrome itself never sends `Version/`).
 * - iOS WKWebView / UIWebView: an iPhone, iPad or iPod with AppleWebKit but no `Safari/` token
 *   (Safari and the other iOS browsers, CriOS/FxiOS/EdgiOS, all add it).
 * - Common in-app browsers that identify themselves: Facebook (FBAN/FBAV), Instagram, LINE.
 */
const ANDROID_WEB_VIEW = /; wv\)|Android.*Version\/\d+(\.\d+)* Chrome\//;
const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const IN_APP_BROWSER = /\bFBAN\/|\bFBAV\/|\bInstagram\b|\bLine\//;

export function isEmbeddedWebView(userAgent: string): boolean {
  if (ANDROID_WEB_VIEW.test(userAgent) || IN_APP_BROWSER.test(userAgent)) return true;
  return (
    IOS_DEVICE.test(userAgent) && /AppleWebKit\//.test(userAgent) && !/Safari\//.test(userAgent)
  );
}
