import { PATHS } from '@pasado/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /account (SPEC §2): the account dashboard, with the menu. */
export function AccountPage() {
  return (
    <PlaceholderPage
      title="Account"
      description="Your profile, level and gems, and the details of your subscription."
    >
      <Link className="btn btn--secondary btn--block" to={PATHS.logout}>
        Sign out
      </Link>
    </PlaceholderPage>
  );
}
