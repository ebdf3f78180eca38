import type { ReactNode } from 'react';

type Tone = 'neutral' | 'warning' | 'danger';

/**
 * A centred single-message screen: error pages, subscription status pages. One h1, a short
 * explanation and the next steps as actions.
 */
export function StatusScreen({
  title,
  tone = 'neutral',
  icon,
  children,
  actions,
}: {
  title: string;
  tone?: Tone;
  icon?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <main className="status-screen" id="main">
      <div className={`screen-card status-screen__card status-screen__card--${tone}`}>
        {icon ? (
          <div className="icon-disc status-screen__icon" aria-hidden="true">
            {icon}
          </div>
        ) : null}
        <h1 className="status-screen__title">{title}</h1>
        <div className="status-screen__body">{children}</div>
        {actions ? <div className="status-screen__actions">{actions}</div> : null}
      </div>
    </main>
  );
}
