import { Box, NativeSelect, Text } from '@mantine/core';
import { useEffect, useState, type RefObject } from 'react';
import classes from './docs-layout.module.css';

/** A heading of the page the navigation leads to: its anchor, its text and its level. */
export interface NavEntry {
  id: string;
  label: string;
  level: 2 | 3;
  /** An endpoint's HTTP method (its heading's data-method), shown in the phone's select. */
  method?: string;
}

/** The page's section (h2) and endpoint (h3) headings that carry an id, in page order. */
function headingsIn(root: HTMLElement): NavEntry[] {
  return Array.from(root.querySelectorAll<HTMLHeadingElement>('h2[id], h3[id]')).map((heading) => ({
    id: heading.id,
    label: heading.textContent?.trim() ?? heading.id,
    level: heading.tagName === 'H2' ? 2 : 3,
    method: heading.dataset.method,
  }));
}

const sameEntries = (a: NavEntry[], b: NavEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.id === b[i].id && entry.label === b[i].label);

/**
 * The headings of the content, read from the page itself: a section added to the page (its own
 * component, mounted later) is in the navigation with no list to keep. Watches the content for
 * sections that appear after the first render.
 */
export function usePageHeadings(content: RefObject<HTMLElement | null>): NavEntry[] {
  const [entries, setEntries] = useState<NavEntry[]>([]);
  useEffect(() => {
    const root = content.current;
    if (!root) return undefined;
    const read = () => {
      const found = headingsIn(root);
      setEntries((current) => (sameEntries(current, found) ? current : found));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [content]);
  return entries;
}

/** Scrolls to a heading and puts its anchor in the address (a link to it), without a new history entry. */
function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/**
 * "On this page": the sections and endpoints of /docs. On wide screens a list kept in view beside
 * the content; on narrow ones a select above it.
 */
export function DocsNav({ entries }: { entries: NavEntry[] }) {
  // A link to a heading (/docs#endpoint-timeseries) lands on it once the page has drawn it.
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    if (arrived || entries.length === 0) return;
    setArrived(true);
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && entries.some((entry) => entry.id === id)) jumpTo(id);
  }, [arrived, entries]);

  const sections: { group: string; items: { value: string; label: string }[] }[] = [];
  for (const entry of entries) {
    if (entry.level === 2 || sections.length === 0) sections.push({ group: entry.label, items: [] });
    sections[sections.length - 1].items.push({
      value: entry.id,
      label: entry.level === 2 ? entry.label : `${entry.method ?? 'GET'} ${entry.label}`,
    });
  }

  return (
    <nav aria-label="On this page" className={classes.nav}>
      <Box visibleFrom="md">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6} px={8}>
          On this page
        </Text>
        <ul className={classes.navList}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <a
                className={classes.navLink}
                data-level={entry.level}
                href={`#${entry.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  jumpTo(entry.id);
                }}
              >
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </Box>
      <Box hiddenFrom="md">
        <NativeSelect
          label="Jump to"
          value=""
          data={[{ value: '', label: 'Choose a section or endpoint…' }, ...sections]}
          onChange={(event) => {
            const id = event.currentTarget.value;
            if (id) jumpTo(id);
          }}
        />
      </Box>
    </nav>
  );
}
