import { formatManilaDate, SHELL_MESSAGES } from '@pasado/core/rules';

/**
 * 'Free trial ends {date}.' (docs/product.md#subscription-banner). The shell paints it in the banner's
 * reserved slot at first paint and the banner keeps the same element when it arrives, so the text
 * is painted once, early (issue 10: the largest text of the page must not come late).
 */
export function FreeTrialEnds({ expiryDate }: { expiryDate: string }) {
  return (
    <span className="banner__text">
      {SHELL_MESSAGES.freeTrialEnds(formatManilaDate(new Date(expiryDate)))}
    </span>
  );
}
