/** GET /t/:token: a customer's tracking page (issue 16), no sign-in. Its data: routes/api/track.ts. */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { privateLink, trackedOf } from '../http/tracking';
import { trackingView } from '../services/tracking';
import { renderPage } from '../views/render';
import { TrackingPage } from '../views/tracking/TrackingPage';

const tracking = new Hono<AppEnv>();

tracking.use('*', privateLink);

tracking.get('/:token', async (c) => {
  const token = c.req.param('token');
  const view = trackingView(token, await trackedOf(c, token));
  return renderPage(c, <TrackingPage view={view} token={token} />);
});

export default tracking;
