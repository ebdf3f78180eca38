/**
 * The format of what a phone keeps for offline use (ADR 019): the study pack and progress, the
 * lite items and the For-you kit, as their contracts describe them. The web app writes it into
 * every kept entry and reads back only entries of its own format, unchecked: a schema check on
 * each read would load zod into the offline screens. A copy kept under another format reads as
 * nothing kept, and the next refresh downloads it again in full. Bump it with any change to those
 * contracts; kept-format.test.ts fingerprints them and fails until it is bumped.
 */
export const KEPT_FORMAT = 1;
