import { PATHS } from '@pasado/core/rules';
import { Link } from 'react-router';

/** The way out of a status page the router itself showed: home, by router navigation. */
export function GoHomeLink() {
  return (
    <Link className="btn btn--primary btn--block" to={PATHS.root}>
      Go to home
    </Link>
  );
}
