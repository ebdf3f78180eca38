import type { ReactNode } from 'react';

export type IconProps = { className?: string | undefined };

/** The frame of every inline icon: 24 px, stroked, decorative (the control carries the label). */
export function Svg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}
