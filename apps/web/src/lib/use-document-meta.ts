import { useEffect, useState } from 'react';

export type DocumentMeta = { title: string; robots?: string; keywords?: string; description?: string };

/**
 * The exact document title and the named meta tags while the page is shown; on leaving, the title
 * and every tag go back to what they were (a tag the page created is removed). The title before the
 * page is read at its first render, so a PageHeader inside (whose effect runs first) does not count.
 */
export function useDocumentMeta({ title, robots, keywords, description }: DocumentMeta) {
  const [previousTitle] = useState(() => document.title);
  useEffect(() => {
    document.title = title;
    const restores = Object.entries({ robots, keywords, description }).flatMap(([name, content]) => {
      if (content === undefined) return [];
      let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
      const created = !tag;
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = name;
        document.head.appendChild(tag);
      }
      const previous = tag.content;
      tag.content = content;
      const element = tag;
      return [() => (created ? element.remove() : (element.content = previous))];
    });
    return () => {
      document.title = previousTitle;
      for (const restore of restores) restore();
    };
  }, [previousTitle, title, robots, keywords, description]);
}
