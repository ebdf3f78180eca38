import { icon } from '../../components/svg-icon.tsx';

/** The four study modes' icons (inline SVG: no icon font on slow networks). */
export const FlashIcon = icon(
  <>
    <rect x="3" y="6" width="14" height="12" rx="2" />
    <path d="M7 3h12a2 2 0 0 1 2 2v10" />
  </>,
);

export const ReadIcon = icon(
  <path d="M3 5a2 2 0 0 1 2-2h5a2 2 0 0 1 2 2v16a2 2 0 0 0-2-2H3zM21 5a2 2 0 0 0-2-2h-5a2 2 0 0 0-2 2v16a2 2 0 0 1 2-2h7z" />,
);

export const ListenIcon = icon(
  <>
    <path d="M3 14v-2a9 9 0 0 1 18 0v2" />
    <rect x="3" y="14" width="4" height="7" rx="1.5" />
    <rect x="17" y="14" width="4" height="7" rx="1.5" />
  </>,
);

export const DrillIcon = icon(<path d="M13 2L4 14h7l-1 8 9-12h-7z" />);
