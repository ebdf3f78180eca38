import type { HTMLAttributes, ReactNode } from 'react';
import './chip.css';

/**
 * What a chip's colour says: `neutral` for plain facts, `primary` for the student's own things,
 * `info`, `success`, `warning` and `danger` for states; `violet` and `sky` only for the levels that
 * have no state colour (amethyst, diamond).
 */
export type ChipTone =
  | 'neutral'
  | 'primary'
  | 'info'
  | 'success'
  | 'warning'
  | 'danger'
  | 'violet'
  | 'sky';

/**
 * A small rounded label: a status, a tag, a count or a score. Not a button: controls that toggle a
 * filter are buttons with their own styles. `md` sits beside a title, `lg` holds a score.
 */
export function Chip({
  tone = 'neutral',
  size = 'sm',
  icon,
  className,
  children,
  ...rest
}: {
  tone?: ChipTone;
  size?: 'sm' | 'md' | 'lg';
  /** Decorative: hidden from screen readers, so the text must say it all. */
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLSpanElement>, 'className' | 'children'>) {
  const classes = ['chip', `chip--${tone}`];
  if (size !== 'sm') classes.push(`chip--${size}`);
  if (className) classes.push(className);
  return (
    <span className={classes.join(' ')} {...rest}>
      {icon ? (
        <span className="chip__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </span>
  );
}
