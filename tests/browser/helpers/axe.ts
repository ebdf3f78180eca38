import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The one axe-core audit the browser tests run (docs/product.md#quality-bars: a screen reader's labels, contrast). */

const AXE_SOURCE = readFileSync(
  path.resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js'),
  'utf8',
);
// WCAG 2.1 A/AA, plus axe's best practices (heading order, landmarks, one h1…): Lighthouse's
// accessibility score counts several of them.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's findings on the whole page, or on the element `selector` names: one line each. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  // Evaluated rather than added as a script tag: the app's CSP (script-src 'self') refuses an
  // inline script, and the audit must not loosen the policy it is checking the page under.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      const { axe } = window as unknown as {
        axe: {
          run(ctx: Document | Element | null, o: object): Promise<{ violations: AxeViolation[] }>;
        };
      };
      const context = within === null ? document : document.querySelector(within);
      return (await axe.run(context, { runOnly: { type: 'tag', values: tags } })).violations;
    },
    { tags: AXE_TAGS, within: selector ?? null },
  );
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
  );
}
