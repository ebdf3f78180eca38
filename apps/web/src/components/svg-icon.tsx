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

/**
 * The one way to define an icon: its shapes inside the `Svg` frame (inline SVG, no icon font on
 * slow networks). Call it at module level only (`export const LockIcon = icon(<path … />)`), so
 * each icon is one stable component.
 */
export function icon(shapes: ReactNode): (props: IconProps) => ReactNode {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon at module level, never during a render
  return function Icon({ className }: IconProps) {
    return <Svg className={className}>{shapes}</Svg>;
  };
}
