import { PATHS } from '@pasado/core';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { StandalonePage } from '../../components/standalone-page.tsx';

/** /admin (DESIGN.md "Staff"): staff only. */
export function AdminPage() {
  return (
    <StandalonePage backTo={PATHS.root} backLabel="Back to home">
      <PlaceholderPage
        title="Staff"
        description="The payment review queue, subscription actions with their audit trail, the message inbox, content import and seasons."
      />
    </StandalonePage>
  );
}
