import { icon } from '../../components/svg-icon.tsx';

/** Icons of the bottom menu. */
export const QuizIcon = icon(
  <>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <path d="M8 8h8M8 12h8M8 16h5" />
  </>,
);

export const StudyIcon = icon(
  <>
    <path d="M2 5.5C4.5 4 8 4 12 6c4-2 7.5-2 10-.5V19c-2.5-1.5-6-1.5-10 .5-4-2-7.5-2-10-.5z" />
    <path d="M12 6v13.5" />
  </>,
);

export const TasksIcon = icon(
  <>
    <path d="M9 11l2 2 4-4" />
    <rect x="3" y="3" width="18" height="18" rx="3" />
  </>,
);

export const LeaderboardIcon = icon(<path d="M8 21V11H3v10zM15 21V4H9v17zM21 21v-7h-5v7z" />);

export const AccountIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
);
