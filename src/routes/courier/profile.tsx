/** Courier profile (spec 3-courier-area.md §2.16): view, then edit, the courier's own record. */
import { Hono } from 'hono';
import { courierProfile } from '../../db/courierProfile';
import type { AppEnv } from '../../env';
import { ownCourierId } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { Island } from '../../views/Island';
import { courierPage } from './page';

const profile = new Hono<AppEnv>();

profile.get('/', requirePage('courier'), (c) =>
  courierPage(c, {
    title: 'Profile',
    body: async () => (
      <>
        <h1 className="mb-4 text-2xl font-bold">Profile</h1>
        <Island name="CourierProfile" props={{ profile: (await courierProfile(c.var.db, ownCourierId(c))) ?? null }} />
      </>
    ),
  }),
);

export default profile;
