/**
 * Restaurant Profile (spec 2-business-area.md §2.9) at /restaurant/profile and /profile: read-only details
 * and Change Password; then the integrations (issue 17): API access (keys) and Webhooks
 * (endpoint and delivery log).
 */
import { Hono } from 'hono';
import { activeApiKeys } from '../../db/apiKeys';
import { messageSettingsOf } from '../../db/messages';
import { businessWithEndpoint, deliveryLog, deliveryLogVersion, findEndpoint } from '../../db/webhooks';
import { ofBusiness, versionTag } from '../../db/versions';
import { formatPhone } from '../../domain/phone';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { verifiedUser } from '../../http/context';
import { ApiAccessOff, ApiKeyList, DeliveryLog, WebhookEndpointPanel } from '../../views/business/Integrations';
import { Card, PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { Facts } from '../../views/orders/sections';
import { respond } from '../../views/render';

const TITLE = 'Restaurant Profile';

const profile = new Hono<AppEnv>();

/** The delivery log re-reads while the page is open, so a test event or a retry shows up by itself. */
const DELIVERY_LOG_POLL_MS = 5000;
const skeleton = (height: string) => <div className={`skeleton ${height} w-full`} aria-label="Loading" />;

profile.get('/', requirePage('restaurant'), async (c) => {
  const user = c.var.user!;
  const db = c.var.db;
  const restaurantId = user.restaurantId ?? 0;
  // The business and its endpoint decide what the page offers; its regions read the rest, all in one round trip.
  let businessRead: ReturnType<typeof businessWithEndpoint> | undefined;
  const businessOf = () => (businessRead ??= businessWithEndpoint(db, restaurantId));
  return respond(
    c,
    {
      details: {
        render: async () => {
          const [{ business }, account] = await Promise.all([businessOf(), verifiedUser(c)]);
          return (
            <Facts
              rows={[
                ['Restaurant Name', business?.name ?? account.name],
                ['Address', business?.address ?? account.address ?? '—'],
                ['Phone', formatPhone(business?.phone ?? account.phone) || '—'],
                ['Username', account.username],
              ]}
            />
          );
        },
        fallback: skeleton('h-24'),
      },
      'api-keys': {
        render: async () => <ApiKeyList keys={await activeApiKeys(db, restaurantId)} />,
        fallback: skeleton('h-16'),
      },
      'webhook-endpoint': {
        render: async () => <WebhookEndpointPanel endpoint={await findEndpoint(db, restaurantId)} />,
        fallback: skeleton('h-16'),
      },
      'webhook-deliveries': {
        render: async () => <DeliveryLog rows={await deliveryLog(db, restaurantId)} />,
        // Its rows name their orders.
        etag: async () => versionTag(db, ofBusiness(restaurantId, ['orders']), 'webhook-deliveries', restaurantId, await deliveryLogVersion(db, restaurantId)),
        poll: DELIVERY_LOG_POLL_MS,
        fallback: skeleton('h-24'),
      },
    },
    async (slot) => {
      const [{ business, endpoint }, messages] = await Promise.all([businessOf(), messageSettingsOf(db, restaurantId)]);
      const apiEnabled = business?.apiEnabled ?? false;
      return (
        <BusinessLayout title={TITLE}>
          <PageHeader title="Restaurant Profile" />
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Business Information">{slot('details')}</Card>
            <Card title="Change Password">
              <Island name="ChangePasswordForm" props={{}} />
            </Card>
            <Card title="Customer messages" className="min-w-0 lg:col-span-2">
              <Island name="CustomerMessagesForm" props={{ settings: messages }} />
            </Card>
            <Card title="API access" className="min-w-0 lg:col-span-2">
              <div className="space-y-4">
                <p className="text-sm text-slate-600">
                  Keys let your own systems create and follow orders through the{' '}
                  <a className="text-brand-700 underline" href="/api/v1/docs">
                    Dispatch API
                  </a>
                  . Each key acts as your business; a key is shown once, when it is created.
                </p>
                {/* Islands render with display: contents; their wrapper takes the card's spacing. */}
                <div>{apiEnabled ? <Island name="ApiKeyForm" props={{}} /> : <ApiAccessOff />}</div>
                {slot('api-keys')}
              </div>
            </Card>
            <Card title="Webhooks" className="min-w-0 lg:col-span-2">
              <div className="space-y-4">
                <p className="text-sm text-slate-600">
                  We send order events (created, assigned, status changed, delivered, cancelled) to your endpoint, signed as{' '}
                  <a className="text-brand-700 underline" href="/api/v1/docs#webhooks">
                    Standard Webhooks
                  </a>{' '}
                  describes, and try again for about a day when it fails.
                </p>
                {apiEnabled ? (
                  <div>
                    <Island name="WebhookEndpointForm" props={{ url: endpoint?.url ?? null }} />
                  </div>
                ) : null}
                {slot('webhook-endpoint')}
                <section aria-labelledby="delivery-log-title">
                  <h3 id="delivery-log-title" className="mb-2 text-sm font-semibold text-slate-700">
                    Recent deliveries
                  </h3>
                  {slot('webhook-deliveries')}
                </section>
              </div>
            </Card>
          </div>
        </BusinessLayout>
      );
    },
    { title: TITLE },
  );
});

export default profile;
