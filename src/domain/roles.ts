/** Which area belongs to which role, and where each role lands after sign-in (spec 1-foundations-and-admin.md §2.1, §2.3). */

export type AreaRole = 'admin' | 'restaurant' | 'courier';

export function roleHome(role: string, courierBase = '/courier'): string {
  if (role === 'admin') return '/admin';
  if (role === 'restaurant') return '/dashboard';
  if (role === 'courier') return `${courierBase}/dashboard`;
  return `/${role}`;
}

export function areaOfPath(path: string): AreaRole | null {
  if (path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?')) return 'admin';
  if (path === '/courier' || path.startsWith('/courier/') || path.startsWith('/courier?')) return 'courier';
  if (/^\/(restaurant|dashboard|orders|create-order|profile)(\/|\?|$)/.test(path)) return 'restaurant';
  return null;
}

/** A `next` path is followed only within this site and only into the role's own area. */
export function safeNext(next: string | null | undefined, role: string): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return areaOfPath(next) === role ? next : null;
}

/** The generic sign-in heading, from the host name, else from where the user was going (spec 1-foundations-and-admin.md §2.3). */
export function signInHeading(host: string, next: string | null | undefined): string {
  const hostname = host.split(':')[0];
  if (hostname.includes('restaurant')) return 'Restaurant Login';
  if (hostname.includes('admin')) return 'Admin Login';
  const area = next ? areaOfPath(next) : null;
  if (area === 'restaurant') return 'Restaurant Login';
  if (area === 'admin') return 'Admin Login';
  return 'Sign in to your account';
}
