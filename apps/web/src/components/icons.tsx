import { icon } from './svg-icon.tsx';

/** Icons of the app shell itself (offline notice, error screen); no icon font on slow networks. */
export const OfflineIcon = icon(
  <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5a15 15 0 0 1 11.3 3.8M5 12.6a10 10 0 0 1 5.2-2.5M16.8 11a10 10 0 0 1 2.2 1.6M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />,
);

export const AlertIcon = icon(
  <>
    <path d="M12 3l10 18H2z" />
    <path d="M12 10v5M12 18h.01" />
  </>,
);
