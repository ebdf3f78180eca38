import { PATHS } from '@pasado/core/rules';
import { Link } from 'react-router';
import { CompassIcon } from '../../components/status-icons.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';

/** /not-found (SPEC §2): where unknown paths land. */
export function NotFoundPage() {
  return (
    <StatusScreen
      title="Page not found"
      icon={<CompassIcon />}
      actions={
        <Link className="btn btn--primary btn--block" to={PATHS.root}>
          Go to home
        </Link>
      }
    >
      <p>This page does not exist or has moved. Check the address, or start again from home.</p>
    </StatusScreen>
  );
}
