import { PATHS } from '@pasado/core/rules';
import { AlertIcon } from '../../components/icons.tsx';
import { StatusScreen } from '../../components/status-screen.tsx';

/**
 * The error screen: /error, the routes' error boundary, and a failed session load. A plain link
 * home (not router navigation) so it works even when the router itself is in trouble.
 */
export function ErrorScreen({ detail, onRetry }: { detail?: string; onRetry?: () => void }) {
  return (
    <StatusScreen
      title="Something went wrong"
      tone="danger"
      icon={<AlertIcon />}
      actions={
        <>
          {onRetry ? (
            <button type="button" className="btn btn--primary btn--block" onClick={onRetry}>
              Try again
            </button>
          ) : null}
          <a
            className={`btn btn--block ${onRetry ? 'btn--secondary' : 'btn--primary'}`}
            href={PATHS.root}
          >
            Go to home
          </a>
        </>
      }
    >
      <p>
        {detail ??
          'We could not finish loading this page. Check your connection, then try again. Your progress is saved.'}
      </p>
    </StatusScreen>
  );
}
