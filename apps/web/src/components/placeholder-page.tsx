import type { ReactNode } from 'react';

/**
 * A screen whose content arrives with a later issue: its title and one honest line about what will
 * be there. No sample data.
 */
export function PlaceholderPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
      </header>
      <section className="card card--soon" aria-label={`${title}: coming soon`}>
        <p className="card--soon__text">{description}</p>
        {children}
      </section>
    </div>
  );
}
