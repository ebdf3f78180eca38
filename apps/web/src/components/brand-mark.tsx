/** The Pasado mark: a "P" with a warm dot (also public/icon.svg). Decorative; the name is text. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" className="brand-mark__tile" />
      <path
        d="M20 48V16h14a10 10 0 0 1 0 20h-7v12z"
        fill="none"
        className="brand-mark__letter"
        strokeWidth="6"
        strokeLinejoin="round"
      />
      <circle cx="46" cy="46" r="5" className="brand-mark__dot" />
    </svg>
  );
}
