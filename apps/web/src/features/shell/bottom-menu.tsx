import { MENU_TABS } from '@pasado/core/rules';
import type { ComponentType } from 'react';
import { AccountIcon, LeaderboardIcon, QuizIcon, StudyIcon, TasksIcon } from './menu-icons.tsx';

const ICONS: Record<(typeof MENU_TABS)[number]['path'], ComponentType<{ className?: string }>> = {
  '/quiz': QuizIcon,
  '/study': StudyIcon,
  '/tasks': TasksIcon,
  '/leaderboard': LeaderboardIcon,
  '/account': AccountIcon,
};

/** The tab whose path the current location is in, or null. */
export function currentTab(pathname: string): string | null {
  const tab = MENU_TABS.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`));
  return tab?.path ?? null;
}

/**
 * The bottom menu (docs/product.md#app-shell): 5 tabs; the current one is disabled; a red dot on Tasks when
 * rewards wait to be claimed. Buttons rather than links because the spec disables the current tab
 * and navigates only after the transition delay.
 */
export function BottomMenu({
  current,
  pending,
  tasksDot,
  onSelect,
}: {
  current: string | null;
  pending: string | null;
  tasksDot: boolean;
  onSelect: (path: string) => void;
}) {
  return (
    <nav className="bottom-menu" aria-label="Main">
      <ul className="bottom-menu__list">
        {MENU_TABS.map((tab) => {
          const Icon = ICONS[tab.path];
          const isCurrent = tab.path === current;
          const dot = tab.path === '/tasks' && tasksDot;
          return (
            <li key={tab.path} className="bottom-menu__item">
              <button
                type="button"
                className={`bottom-menu__tab${pending === tab.path ? ' is-pending' : ''}`}
                aria-current={isCurrent ? 'page' : undefined}
                aria-label={dot ? `${tab.label}, rewards to claim` : undefined}
                disabled={isCurrent}
                onClick={() => onSelect(tab.path)}
              >
                <span className="bottom-menu__icon-wrap">
                  <Icon className="bottom-menu__icon" />
                  {dot ? <span className="bottom-menu__dot" aria-hidden="true" /> : null}
                </span>
                <span className="bottom-menu__label">{tab.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
