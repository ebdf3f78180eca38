import { PATHS } from '@pasado/core';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { StandalonePage } from '../../components/standalone-page.tsx';

/** /subscription/purchase (SPEC §2 Purchase page): loaded without the full-screen overlay. */
export function PurchasePage() {
  return (
    <StandalonePage backTo={PATHS.root} backLabel="Back to home">
      <PlaceholderPage
        title="Choose a plan"
        description="Pick the 1-month or 3-month plan, pay by mobile wallet, and send your reference code or a screenshot as proof."
      />
    </StandalonePage>
  );
}
