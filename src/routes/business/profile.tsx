/** Restaurant Profile (spec 2-business-area.md §2.9) at /restaurant/profile and /profile: read-only details and Change Password. */
import { Hono } from 'hono';
import { findBusiness } from '../../db/business';
import { formatPhone } from '../../domain/phone';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { Card, PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { Facts } from '../../views/orders/sections';
import { respond } from '../../views/render';

const TITLE = 'Restaurant Profile';

const profile = new Hono<AppEnv>();

profile.get('/', requirePage('restaurant'), (c) => {
  const user = c.var.user!;
  return respond(
    c,
    {
      details: {
        render: async () => {
          const business = user.restaurantId ? await findBusiness(c.var.db, user.restaurantId) : undefined;
          return (
            <Facts
              rows={[
                ['Restaurant Name', business?.name ?? user.name],
                ['Address', business?.address ?? user.address ?? '—'],
                ['Phone', formatPhone(business?.phone ?? user.phone) || '—'],
                ['Username', user.username],
              ]}
            />
          );
        },
        fallback: <div className="skeleton h-24 w-full" aria-label="Loading" />,
      },
    },
    (slot) => (
      <BusinessLayout title={TITLE}>
        <PageHeader title="Restaurant Profile" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Business Information">{slot('details')}</Card>
          <Card title="Change Password">
            <Island name="ChangePasswordForm" props={{}} />
          </Card>
        </div>
      </BusinessLayout>
    ),
    { title: TITLE },
  );
});

export default profile;
