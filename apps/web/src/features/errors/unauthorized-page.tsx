import { LockIcon } from '../../components/status-icons.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';
import { GoHomeLink } from './go-home-link.tsx';

/** /unauthorized (docs/product.md#screens, #roles): e.g. a reviewer the user has no access to. */
export function UnauthorizedPage() {
  return (
    <StatusScreen
      title="No access to this page"
      tone="warning"
      icon={<LockIcon />}
      actions={<GoHomeLink />}
    >
      <p>
        Your account cannot open this page. If it is a reviewer you did not pick, it is not part of
        your access yet.
      </p>
    </StatusScreen>
  );
}
