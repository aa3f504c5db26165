/** Messages (issue 16): every customer message, sent or not and why, newest first; the same log as GET /api/notifications. */
import { Hono } from 'hono';
import { listMessages } from '../../db/messages';
import { MESSAGE_LABELS } from '../../domain/messages';
import { listPageQuery, paging, PAGE_SIZE } from '../../domain/paging';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { DataTable } from '../../shared/DataTable';
import { Pager } from '../../views/admin/Pager';
import { Badge, EmptyState, PageHeader, Time, type Tone } from '../../views/components/ui';
import { adminPage } from './page';

const messages = new Hono<AppEnv>();

const STATUS: Record<string, { label: string; tone: Tone }> = {
  pending: { label: 'Sending', tone: 'amber' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  not_sent: { label: 'Not sent', tone: 'slate' },
};

messages.get('/', requirePage('admin'), validate('query', listPageQuery), (c) => {
  const db = c.var.db;
  const { page } = c.req.valid('query');
  return adminPage(c, {
    title: 'Messages',
    partials: {
      messages: {
        history: true,
        render: async () => {
          const { rows, total } = await listMessages(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
          if (rows.length === 0) return <EmptyState>No messages yet. Businesses turn customer messages on in their Profile.</EmptyState>;
          return (
            <>
              <DataTable columns={['Time', 'Order', 'Message', 'To', 'Text', 'Status']}>
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
              <Pager paging={paging(page, total)} href={(number) => `/admin/messages?page=${number}`} target="messages" label="Messages" />
            </>
          );
        },
        fallback: <p className="py-12 text-center text-sm text-slate-500">Loading messages...</p>,
      },
    },
    body: (slot) => (
      <>
        <PageHeader title="Messages" subtitle="Texts and emails to customers, and how sending went" />
        {slot('messages')}
      </>
    ),
  });
});

export default messages;
