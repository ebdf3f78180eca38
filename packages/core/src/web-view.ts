/**
 * Is this page running inside a mobile app's embedded web view? docs/product.md#app-shell: there only
 * the in-app free-trial form is shown. Kept free of imports and tiny: the web app's entry runs it
 * before anything else (the /login bundle budget).
 *
 * - Android WebView marks itself with `; wv)` (Lollipop and later) or, on older builds and some
 *   vendors, `Version/x.y Chrome/…` (Chrome itself never sends `Version/`).
 * - iOS WKWebView / UIWebView: an iPhone, iPad or iPod with AppleWebKit but no `Safari/` token
 *   (Safari and the other iOS browsers, CriOS/FxiOS/EdgiOS, all add it). Since iPadOS 13 an app's
 *   web view on an iPad says `Macintosh` by default, as a Mac's does: a touch screen
 *   (`maxTouchPoints` above 1, which no Mac has) tells the two apart.
 * - Common in-app browsers that identify themselves: Facebook (FBAN/FBAV), Instagram, LINE.
 */
const ANDROID_WEB_VIEW = /; wv\)|Android.*Version\/\d+(\.\d+)* Chrome\//;
const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const IN_APP_BROWSER = /\bFBAN\/|\bFBAV\/|\bInstagram\b|\bLine\//;

export function isEmbeddedWebView(userAgent: string, maxTouchPoints = 0): boolean {
  if (ANDROID_WEB_VIEW.test(userAgent) || IN_APP_BROWSER.test(userAgent)) return true;
  const ios = IOS_DEVICE.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
  return ios && /AppleWebKit\//.test(userAgent) && !/Safari\//.test(userAgent);
}
