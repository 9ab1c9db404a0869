import { Group } from '@mantine/core';
import { NavLink } from 'react-router';
import classes from './dashboard-sections.module.css';

/** The dashboard's pages, as the links above each of them name them. */
export const DASHBOARD_SECTIONS = [
  { label: 'Overview', to: '/dashboard' },
  { label: 'Webhooks', to: '/dashboard/webhooks' },
  { label: 'Alerts', to: '/dashboard/alerts' },
] as const;

/**
 * Links between the dashboard's pages (keys and usage, webhooks, rate alerts), under the page
 * heading. The top bar keeps the spec's Dashboard and Account; these are the dashboard's own.
 */
export function DashboardSections() {
  return (
    <Group gap={4} component="nav" aria-label="Dashboard sections" className={classes.sections}>
      {DASHBOARD_SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to} end className={classes.link}>
          {section.label}
        </NavLink>
      ))}
    </Group>
  );
}
