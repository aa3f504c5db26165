/**
 * Create order (spec 2-business-area.md §2.10) at /restaurant/create-order and /create-order: the
 * pharmacy gets the multi-stop form, any other business the single order form. Both are
 * islands; their default times are computed here, in the viewer's zone, so the page
 * and its hydration agree.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { Hono } from 'hono';
import { ORDER_KINDS, orderKindFor } from '../../domain/orderKinds';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { verifiedUser } from '../../http/context';
import { PageHeader } from '../../views/components/ui';
import { openMapConfig } from '../../views/assets';
import { Island } from '../../views/Island';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { respond } from '../../views/render';

const TITLE = 'Create Order';

const HOUR = 3_600_000;

const createOrder = new Hono<AppEnv>();

createOrder.get('/', requirePage('restaurant'), (c) => {
  const local = (time: number) => formatInTimeZone(time, c.var.timeZone, "yyyy-MM-dd'T'HH:mm");
  return respond(
    c,
    {
      form: {
        render: async () => {
          // The business comes with the session: nothing to read but the check itself.
          const user = await verifiedUser(c);
          const business = user.business;
          // The business record first, the user's own fields when it lacks them (spec 2-business-area.md §2.12).
          const pickup = {
            name: business?.name || user.name,
            address: business?.address || user.address || '',
            phone: business?.phone || user.phone || '',
          };
          const now = Date.now();
          const common = { business: pickup, defaultPickup: local(now), defaultDelivery: local(now + HOUR), mapsApiKey: c.env.MAPS_API_KEY || null };
          // The form follows the business's customer type (domain/orderKinds.ts), as the server's pricing does.
          const kind = ORDER_KINDS[orderKindFor(business?.customerType ?? 'restaurant')];
          if (kind.form === 'MultiStopOrderForm') {
            const location = business?.latitude != null && business.longitude != null ? { lat: business.latitude, lng: business.longitude } : null;
            return (
              <>
                <PageHeader title={kind.title} subtitle="Pharmacies can create multi-stop delivery orders" />
                <Island name="MultiStopOrderForm" props={{ ...common, location, openMap: openMapConfig(c.env) }} />
              </>
            );
          }
          return (
            <>
              <PageHeader title={kind.title} />
              <Island name="SingleOrderForm" props={common} />
            </>
          );
        },
        fallback: <p className="py-12 text-center text-slate-500">Loading...</p>,
      },
    },
    (slot) => (
      <BusinessLayout title={TITLE}>
        {/* The default times are in the viewer's zone: marked like any shown time, the page reloads once if the browser's zone differs. */}
        <span data-time="" hidden />
        {slot('form')}
      </BusinessLayout>
    ),
    { title: TITLE },
  );
});

export default createOrder;
