import { ImportPanel } from './import-panel.tsx';
import { ReportsQueue } from './reports-queue.tsx';
import './content.css';

/** Staff console section: content import and the reported-items queue (issue 4 "Import"). */
export function ContentSection() {
  return (
    <section aria-label="Content" className="content-admin">
      <ImportPanel />
      <ReportsQueue />
    </section>
  );
}
