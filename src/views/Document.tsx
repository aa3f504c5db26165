import type { ReactNode } from 'react';
import { useView } from './context';

/** What the browser's tab says for a page. */
export const documentTitle = (title: string) => `${title} · Dispatch`;

/** The HTML document around every page. The runtime and CSS are the only assets all pages load; `manifest` makes the page part of an installable app. */
export function Document({ title, children, bodyClassName, manifest }: { title: string; children: ReactNode; bodyClassName?: string; manifest?: string }) {
  const { assets, timeZone } = useView();
  return (
    <html lang="en" data-tz={timeZone}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#0f172a" />
        <title>{documentTitle(title)}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* An installable app (the courier area): its manifest and home-screen icon. */}
        {manifest ? <link rel="manifest" href={manifest} /> : null}
        {manifest ? <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" /> : null}
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
