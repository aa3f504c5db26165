/**
 * Courier login (spec 3-courier-area.md §2.2) at /courier, /courier/auth and /courier/login. A courier
 * who is already signed in goes to the dashboard, which satisfies both readings of
 * '/courier' (login, or courier home).
 */
import { Hono } from 'hono';
import { roleHome } from '../../domain/roles';
import type { AppEnv } from '../../env';
import { renderPage } from '../../views/render';
import { SignInPage } from '../../views/SignInPage';

const login = new Hono<AppEnv>();

for (const path of ['/', '/auth', '/login']) {
  login.get(path, (c) => {
    const user = c.var.user;
    if (user) return c.redirect(roleHome(user.role, c.var.courierBase), 302);
    return renderPage(
      c,
      <SignInPage
        heading="Courier Login"
        subtitle="Courier Delivery Management System"
        form={{ variant: 'courier', next: null, courierBase: c.var.courierBase }}
      />,
    );
  });
}

export default login;
