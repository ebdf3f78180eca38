import './progress-bar.css';

/**
 * A determinate bar (a native <progress>: the CSP allows no inline widths). The colour says what
 * kind of progress it is: `primary` for work under way, `success` for a goal reached, `accent` for
 * rewards, `danger` for time running out. `md` is the bar of a running quiz or timer.
 */
export function ProgressBar({
  value,
  max,
  label,
  tone = 'primary',
  size = 'sm',
}: {
  value: number;
  max: number;
  /** What the bar measures, for screen readers ("Session progress"). */
  label: string;
  tone?: 'primary' | 'success' | 'accent' | 'danger';
  size?: 'sm' | 'md';
}) {
  return (
    <progress
      className={`progress-bar progress-bar--${tone} progress-bar--${size}`}
      value={value}
      max={max}
      aria-label={label}
    />
  );
}
