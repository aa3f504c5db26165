/** GET /api/notifications (issue 16): the admin's Messages log, every customer message and how sending went, newest first. */
import { Hono } from 'hono';
import { listMessages, type LoggedMessage } from '../../db/messages';
import { PAGE_SIZE } from '../../domain/paging';
import { messageLogQuery } from '../../domain/schemas/messages';
import type { AppEnv } from '../../env';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const notifications = new Hono<AppEnv>();

const iso = (time: number | null) => (time == null ? null : new Date(time).toISOString());

export const serializeMessage = (message: LoggedMessage) => ({
  id: message.id,
  createdAt: iso(message.createdAt),
  kind: message.kind,
  channel: message.channel,
  recipient: message.recipient,
  subject: message.subject,
  body: message.body,
  status: message.status,
  detail: message.detail,
  attempts: message.attempts,
  sentAt: iso(message.sentAt),
  orderId: message.orderId,
  orderNumber: message.orderNumber,
  stopId: message.stopId,
  businessName: message.businessName,
});

/** ?page=N, 50 a page, with X-Total-Count; ?order=<number> for one order's. */
notifications.get('/', requireApi('admin'), validate('query', messageLogQuery), async (c) => {
  const { page, order } = c.req.valid('query');
  const { rows, total } = await listMessages(c.var.db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, order);
  c.header('X-Total-Count', String(total));
  return c.json(rows.map(serializeMessage));
});

export default notifications;
