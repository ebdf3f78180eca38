import { MESSAGES, PATHS, TAB_NAVIGATION_DELAY_MS } from '@pasado/core/rules';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { REVIEWER_PARAM, withReviewer } from '../../lib/reviewer-param.ts';
import { useMe } from '../../lib/session/get-me.ts';
import { BottomMenu, currentTab } from './bottom-menu.tsx';
import './shell.css';

const REVIEWER_TABS = new Set<string>([PATHS.quiz, PATHS.study]);

/**
 * The layout of the screens with the menu (docs/product.md#app-shell): app bar, content, the message button
 * (the messages feature's, given by app/menu-route.tsx) and the bottom menu. A tab click starts
 * the transition state and navigates after 400 ms.
 */
export function MenuLayout({ messageButton }: { messageButton: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe().data;
  // The transition belongs to the page it started on; a new location ends it without an effect.
  const [transition, setTransition] = useState<{ from: string; to: string } | null>(null);
  const pending = transition?.from === location.pathname ? transition.to : null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Quiz and Study show the same reviewer: the choice goes along between the two tabs.
  const reviewer = new URLSearchParams(location.search).get(REVIEWER_PARAM);
  const select = (path: string) => {
    clearTimeout(timer.current);
    setTransition({ from: location.pathname, to: path });
    const to = reviewer && REVIEWER_TABS.has(path) ? withReviewer(path, reviewer) : path;
    timer.current = setTimeout(() => navigate(to), TAB_NAVIGATION_DELAY_MS);
  };

  const tasksDot =
    (me?.challengesProgress.streak.some((item) => item.status === 'unclaimed') ?? false) ||
    (me?.unclaimedDrillPoints ?? 0) > 0;

  return (
    <div className="menu-layout">
      <header className="app-bar">
        <BrandMark size={28} />
        <span className="app-bar__name">Pasado</span>
      </header>
      <main
        id="main"
        className={`menu-layout__main${pending ? ' is-transitioning' : ''}`}
        aria-busy={pending !== null}
      >
        <Outlet />
      </main>
      <p className={`transition-note${pending ? ' is-visible' : ''}`} role="status">
        {pending ? MESSAGES.TRANSITIONING : ''}
      </p>
      {messageButton}
      <BottomMenu
        current={currentTab(location.pathname)}
        pending={pending}
        tasksDot={tasksDot}
        onSelect={select}
      />
    </div>
  );
}
