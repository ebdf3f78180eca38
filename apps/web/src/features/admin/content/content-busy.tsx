import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner.tsx';

/** The Content tab's line for work under way (loading a list, checking a file): spinner and words. */
export function ContentBusy({ children }: { children: ReactNode }) {
  return (
    <p className="inline-loading content-admin__busy">
      <Spinner size="sm" />
      {children}
    </p>
  );
}
