import { SHELL_MESSAGES } from '@pasado/core/rules';
import { useId } from 'react';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useSignIn } from './use-sign-in.ts';
import './login.css';

const POINTS = [
  'Practice quizzes and timed mock exams',
  'Flash cards, notes and audio to study anywhere',
  'Daily streaks and rewards to keep you going',
];

/**
 * /login: the product, its promise and the sign-in popup. Kept small on purpose: it is the first
 * page most people load, on slow mobile data (docs/product.md#quality-bars quality bars: 120 KB gzip).
 */
export function LoginPage() {
  const { state, start, openedByLink } = useSignIn();
  const statusId = useId();
  const busy = state.phase === 'waiting' || state.phase === 'finishing';

  return (
    <main id="main" className="login">
      <div className="login__hero">
        <BrandMark size={72} />
        <h1 className="login__name">Pasado</h1>
        <p className="login__promise">Review smarter for your board exam</p>
      </div>
      <ul className="login__points">
        {POINTS.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <div className="login__panel">
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={start}
          disabled={state.phase === 'finishing'}
          aria-busy={busy}
          aria-describedby={statusId}
        >
          Sign in
        </button>
        <div id={statusId} className="login__status" role="status">
          {busy ? (
            <span className="login__waiting">
              <Spinner size="sm" />
              {SHELL_MESSAGES.PLEASE_WAIT}
            </span>
          ) : null}
        </div>
        <div className="login__error" role="alert">
          {state.phase === 'idle' && state.error ? (
            <p className="form-error">{state.error}</p>
          ) : null}
          {state.phase === 'blocked' ? (
            <div className="notice notice--warning">
              <p>Your browser blocked the sign-in window.</p>
              <a
                href={state.url}
                target="pasado-signin"
                className="notice__link"
                onClick={openedByLink}
              >
                Open the sign-in window
              </a>
            </div>
          ) : null}
        </div>
        <p className="login__hint">
          A sign-in window opens. New here? Pick your reviewer after signing in and start a 3-day
          free trial.
        </p>
      </div>
    </main>
  );
}
