import { Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

/** Tabs between the child routes of a section (notify: mail and sms; print: label and order; billing: data and settings). */
export function SectionTabs({ label, tabs }: { label: string; tabs: { label: string; path: string }[] }) {
  const { pathname } = useLocation();
  const current = tabs.find((t) => pathname === t.path)?.path ?? false;
  return (
    <Tabs value={current} aria-label={label} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
      {tabs.map((t) => (
        <Tab key={t.path} label={t.label} value={t.path} component={RouterLink} to={t.path} />
      ))}
    </Tabs>
  );
}
