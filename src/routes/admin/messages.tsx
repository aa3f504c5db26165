/**
 * Messages (issue 16): every customer message, sent or not and why, newest first (the same
 * log as GET /api/notifications), and how accurate the ETAs on tracking pages were (K15).
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { listMessages } from '../../db/messages';
import { etaAccuracyIn } from '../../db/tracking';
import { etaAccuracyRows } from '../../domain/etaAccuracy';
import { MESSAGE_LABELS } from '../../domain/messages';
import { paging, PAGE_SIZE } from '../../domain/paging';
import { messageLogQuery } from '../../domain/schemas/messages';
import { reportDaysQuery } from '../../domain/schemas/reports';
import { chosenOrRecentDays, dayIn, dayRange } from '../../domain/time';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { DataTable } from '../../shared/DataTable';
import { EtaAccuracyPeriod, EtaAccuracyTable } from '../../views/admin/EtaAccuracy';
import { Pager } from '../../views/admin/Pager';
import { SearchForm } from '../../views/components/SearchForm';
import { Badge, EmptyState, PageHeader, Time, type Tone } from '../../views/components/ui';
import { DEFAULT_RANGE_DAYS } from './earnings';
import { adminPage } from './page';

const messages = new Hono<AppEnv>();

const STATUS: Record<string, { label: string; tone: Tone }> = {
  pending: { label: 'Sending', tone: 'amber' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  not_sent: { label: 'Not sent', tone: 'slate' },
};

const PATH = '/admin/messages';
const messagesQuery = z.object({ ...messageLogQuery.shape, ...reportDaysQuery });

messages.get('/', requirePage('admin'), validate('query', messagesQuery), (c) => {
  const db = c.var.db;
  const { page, order, ...asked } = c.req.valid('query');
  const zone = c.env.SERVICE_TIME_ZONE;
  const today = dayIn(zone);
  const days = chosenOrRecentDays(asked, today, DEFAULT_RANGE_DAYS);
  // The days the URL chose, kept by the log's page links and its search.
  const chosen: Record<string, string> = asked.from && asked.to ? { from: asked.from, to: asked.to } : {};
  return adminPage(c, {
    title: 'Messages',
    partials: {
      // Not a history region: a new period is a new page (its form is a plain GET), the log pages keep it.
      'eta-accuracy': {
        render: async () => {
          const { groups, arrivals } = await etaAccuracyIn(db, dayRange(days.from, zone, days.to));
          return <EtaAccuracyTable {...etaAccuracyRows(groups, arrivals)} {...days} />;
        },
        fallback: <p className="py-6 text-center text-sm text-slate-500">Loading ETA accuracy...</p>,
      },
      messages: {
        history: true,
        render: async () => {
          const { rows, total } = await listMessages(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, order);
          if (rows.length === 0)
            return (
              <EmptyState>{order ? `No messages for order #${order}.` : 'No messages yet. Businesses turn customer messages on in their Profile.'}</EmptyState>
            );
          return (
            <>
              <DataTable label="Message log" columns={['Time', 'Order', 'Message', 'To', 'Text', 'Status']}>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className="whitespace-nowrap">
                      <Time value={row.createdAt} pattern="MMM d, h:mm a" />
                    </td>
                    <td className="whitespace-nowrap">
                      <a className="text-brand-700 underline" href={`/admin/orders/${row.orderId}`}>{`#${row.orderNumber}`}</a>
                      <div className="text-xs text-slate-600">{row.businessName}</div>
                    </td>
                    <td className="whitespace-nowrap">{`${MESSAGE_LABELS[row.kind]} · ${row.channel === 'sms' ? 'SMS' : 'Email'}`}</td>
                    <td className="whitespace-nowrap">{row.recipient}</td>
                    <td className="min-w-64 text-sm">
                      {row.subject ? <div className="font-medium">{row.subject}</div> : null}
                      {row.body}
                    </td>
                    <td>
                      <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
                      {row.detail ? <div className="mt-1 text-xs text-slate-600">{row.detail}</div> : null}
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                paging={paging(page, total)}
                href={(number) => `${PATH}?${new URLSearchParams({ ...chosen, ...(order ? { order } : {}), page: String(number) })}`}
                target="messages"
                label="Messages"
              />
            </>
          );
        },
        fallback: <p className="py-12 text-center text-sm text-slate-500">Loading messages...</p>,
      },
    },
    body: (slot) => (
      <>
        <PageHeader title="Messages" subtitle="Texts and emails to customers, and how sending went" />
        <div className="mb-8 space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 className="text-lg font-semibold">ETA accuracy</h2>
              <p className="text-sm text-slate-600">
                Arrival times shown on tracking pages against the real arrivals, by how long before the arrival they were shown.
              </p>
            </div>
            <EtaAccuracyPeriod action={PATH} from={days.from} to={days.to} today={today} />
          </div>
          {slot('eta-accuracy')}
        </div>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold">Message log</h2>
          {/* A plain GET, like the period form, keeping the days chosen. */}
          <SearchForm
            action={PATH}
            name="order"
            label="Order number"
            value={order}
            maxLength={20}
            button="Find"
            keep={chosen}
            formLabel="Find an order's messages"
          />
        </div>
        {slot('messages')}
      </>
    ),
  });
});

export default messages;
