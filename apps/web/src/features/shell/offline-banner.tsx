import { SHELL_MESSAGES } from '@pasado/core/rules';
import { OfflineIcon } from '../../components/icons.tsx';
import type { Banner } from '../../lib/banners.tsx';

/** The offline notice (docs/product.md#app-shell); first in the banner area. */
export const OFFLINE_BANNER: Banner = {
  id: 'offline',
  order: 0,
  tone: 'warning',
  content: (
    <>
      <OfflineIcon className="banner__icon" />
      <span className="banner__text">{SHELL_MESSAGES.OFFLINE}</span>
    </>
  ),
};
