import { PATHS } from '@pasado/core';
import { NavLink, Outlet } from 'react-router';
import { StandalonePage } from '../../components/standalone-page.tsx';
import './admin.css';

const SECTIONS = [
  { to: '/admin', label: 'Payments', end: true },
  { to: '/admin/reconcile', label: 'Reconcile', end: false },
  { to: '/admin/mappings', label: 'Mappings', end: false },
  { to: '/admin/dashboard', label: 'Dashboard', end: false },
  { to: '/admin/messages', label: 'Messages', end: false },
  { to: '/admin/content', label: 'Content', end: false },
  { to: '/admin/seasons', label: 'Seasons', end: false },
] as const;

/**
 * /admin (docs/product.md#staff): staff only; one tab per section, each section its own lazy module.
 * Staff work from phones too, so the tabs scroll sideways and the lists are cards at any width.
 */
export function AdminLayout() {
  return (
    <StandalonePage backTo={PATHS.root} backLabel="Back to home">
      <div className="page admin">
        <header className="admin__header">
          <h1 className="page__title">Staff console</h1>
        </header>
        <nav className="admin__tabs" aria-label="Staff sections">
          {SECTIONS.map((section) => (
            <NavLink key={section.to} to={section.to} end={section.end} className="admin__tab">
              {section.label}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </div>
    </StandalonePage>
  );
}
