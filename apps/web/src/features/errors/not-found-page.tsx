import { CompassIcon } from '../../components/status-icons.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';
import { GoHomeLink } from './go-home-link.tsx';

/** /not-found (docs/product.md#screens): where unknown paths land. */
export function NotFoundPage() {
  return (
    <StatusScreen title="Page not found" icon={<CompassIcon />} actions={<GoHomeLink />}>
      <p>This page does not exist or has moved. Check the address, or start again from home.</p>
    </StatusScreen>
  );
}
