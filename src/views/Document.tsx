import type { ReactNode } from 'react';
import { useView } from './context';

/** What the browser's tab says for a page. */
export const documentTitle = (title: string) => `${title} · Dispatch`;

/** The HTML document around every page. The runtime and CSS are the only assets all pages load. */
export function Document({ title, children, bodyClassName }: { title: string; children: ReactNode; bodyClassName?: string }) {
  const { assets, timeZone } = useView();
  return (
    <html lang="en" data-tz={timeZone}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f172a" />
        <title>{documentTitle(title)}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.runtime} />
      </head>
      <body className={bodyClassName ?? 'min-h-dvh'}>
        {children}
        <section id="toast-viewport" className="toast-viewport" aria-label="Notifications" />
      </body>
    </html>
  );
}
