import { icon } from '../../components/svg-icon.tsx';

/** A stopwatch: the mock exam's clock. */
export const TimerIcon = icon(<path d="M10 2h4M12 14l3-3M12 22a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />);

/** A check mark: a row of the Today list done. */
export const CheckIcon = icon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
