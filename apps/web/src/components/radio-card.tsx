import type { ReactNode } from 'react';
import './radio-card.css';

/**
 * One radio choice drawn as a card: `title` (and `text`, if any) in its body, then whatever the
 * screen adds (a check mark, the prices). `className` names the screen's own variant.
 */
export function RadioCard({
  className,
  name,
  value,
  checked,
  onChange,
  disabled,
  title,
  text,
  bodyClassName,
  children,
}: {
  className: string;
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  title: ReactNode;
  text?: ReactNode;
  bodyClassName?: string;
  children?: ReactNode;
}) {
  return (
    <label className={`radio-card ${className}`}>
      <input
        type="radio"
        name={name}
        className="radio-card__input"
        value={value}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
      />
      <span className={bodyClassName ? `radio-card__body ${bodyClassName}` : 'radio-card__body'}>
        <span className="radio-card__title">{title}</span>
        {text === undefined ? null : <span className="radio-card__text">{text}</span>}
      </span>
      {children}
    </label>
  );
}
