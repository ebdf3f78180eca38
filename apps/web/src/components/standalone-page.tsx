import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A screen without the bottom menu (docs/product.md#screens): a back link above its own content. */
export function StandalonePage({
  backTo,
  backLabel,
  children,
}: {
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="standalone">
      <nav className="standalone__bar" aria-label="Back">
        <Link className="back-link" to={backTo}>
          {backLabel}
        </Link>
      </nav>
      {children}
    </main>
  );
}
