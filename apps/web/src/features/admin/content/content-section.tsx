import { ImportPanel } from './import-panel.tsx';
import { ItemAnalysisPanel } from './item-analysis.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import { SittingsPanel } from './sittings-panel.tsx';
import './content.css';

/**
 * Staff console section: content import, the reported-items queue (issue 4 "Import") and item
 * analysis (issue 12 item 6), whose flags land in that queue; the official exam sittings (issue 23).
 */
export function ContentSection() {
  return (
    <section aria-label="Content" className="content-admin">
      <ImportPanel />
      <SittingsPanel />
      <ReportsQueue />
      <ItemAnalysisPanel />
    </section>
  );
}
