import { icon } from '../../components/svg-icon.tsx';

/** A stopwatch: the mock exam's clock. */
export const TimerIcon = icon(<path d="M10 2h4M12 14l3-3M12 22a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />);
