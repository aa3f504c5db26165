/** The generic sign-in page at '/' and '/auth' (spec 1-foundations-and-admin.md §2.3). */
import { Hono } from 'hono';
import { roleHome, safeNext, signInHeading } from '../domain/roles';
import type { AppEnv } from '../env';
import { renderPage } from '../views/render';
import { SignInPage } from '../views/SignInPage';

const auth = new Hono<AppEnv>();

auth.get('/', (c) => c.redirect('/auth', 302));

auth.get('/auth', (c) => {
  const next = c.req.query('next') ?? null;
  const user = c.var.user;
  // Someone already signed in goes where they were headed, or to their area.
  if (user) return c.redirect(safeNext(next, user.role) ?? roleHome(user.role, c.var.courierBase), 302);
  return renderPage(
    c,
    <SignInPage
      heading={signInHeading(c.req.header('host') ?? '', next)}
      subtitle="Courier Delivery Management System"
      form={{ variant: 'generic', next, courierBase: c.var.courierBase }}
    />,
  );
});

export default auth;
