/**
 * /api/message-settings (issue 16): the signed-in business turns each customer message on
 * or off and words it. Off by default: a business chooses to text its customers.
 */
import { Hono } from 'hono';
import { messageSettingsOf, saveMessageSettings } from '../../db/messages';
import { messageSettingsSchema } from '../../domain/schemas/messages';
import type { AppEnv } from '../../env';
import { ownBusinessId } from '../../http/business';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const messageSettings = new Hono<AppEnv>();

messageSettings.get('/', requireApi('restaurant'), async (c) => {
  return c.json({ settings: await messageSettingsOf(c.var.db, ownBusinessId(c)) });
});

messageSettings.put('/', requireApi('restaurant'), validate('json', messageSettingsSchema), async (c) => {
  return c.json({ settings: await saveMessageSettings(c.var.db, ownBusinessId(c), c.req.valid('json').settings) });
});

export default messageSettings;
