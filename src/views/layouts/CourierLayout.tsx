/**
 * Courier pages (spec 3-courier-area.md §2.3), mobile first: a fixed header with the menu button, the
 * logo and the active-orders indicator; the side menu is a native popover (light
 * dismiss, Escape, no script).
 */
import type { ReactNode } from 'react';
import { CloseIcon, MenuIcon, TruckIcon } from '../../shared/icons';
import { LogoutButton, Main, SkipLink } from '../components/ui';
import { useView } from '../context';
import { Document } from '../Document';
import { Island } from '../Island';

export function CourierLayout({ title, indicator, children }: { title: string; indicator: ReactNode; children: ReactNode }) {
  const { courierBase, user } = useView();
  const home = `${courierBase}/dashboard`;
  const items = [
    { href: `${courierBase}/profile`, label: 'Your Profile' },
    { href: `${courierBase}/earnings`, label: 'Earnings' },
    { href: `${courierBase}/tasks`, label: 'Scheduled Tasks' },
  ];
  return (
    <Document title={title} bodyClassName="courier-app min-h-dvh bg-slate-100" manifest={`${courierBase}/manifest.webmanifest`}>
      <SkipLink />
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-14 max-w-xl items-center gap-2 px-3">
          <button type="button" popoverTarget="courier-menu" className="btn btn-ghost h-11 w-11 px-0" aria-label="Open menu">
            <MenuIcon />
          </button>
          <a href={home} className="flex min-h-11 min-w-11 items-center justify-center gap-2 font-semibold" aria-label="Courier home">
            <TruckIcon className="text-brand-600" />
            {/* The word gives way on a phone, so the sync badge and the active-orders link fit 390 px (issue 15). */}
            <span className="hidden min-[420px]:inline">Dispatch</span>
          </a>
          <div className="ml-auto">{indicator}</div>
        </div>
      </header>
      <nav
        id="courier-menu"
        popover="auto"
        aria-label="Courier menu"
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-slate-200 bg-white p-0 shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-slate-100 p-4">
          <div>
            <div className="font-semibold">{user?.name}</div>
            <Island name="CourierConnection" props={{}} />
          </div>
          <button type="button" popoverTarget="courier-menu" popoverTargetAction="hide" className="btn btn-ghost h-10 w-10 px-0" aria-label="Close menu">
            <CloseIcon />
          </button>
        </div>
        <ul className="p-2">
          {items.map((item) => (
            <li key={item.href}>
              <a href={item.href} className="block rounded-md px-3 py-3 text-base hover:bg-slate-100">
                {item.label}
              </a>
            </li>
          ))}
          <li className="mt-2 border-t border-slate-100 px-1 pt-1">
            <Island name="CourierContrast" props={{}} />
            <Island name="CourierInstall" props={{}} />
          </li>
          <li className="mt-2 px-1">
            <LogoutButton className="btn btn-outline w-full" next={`${courierBase}/login`} label="Log-Out" />
          </li>
        </ul>
      </nav>
      <Main className="mx-auto max-w-xl px-3 pt-[calc(3.5rem+env(safe-area-inset-top)+1rem)] pb-24">{children}</Main>
    </Document>
  );
}
