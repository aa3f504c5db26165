/** The JSON API under /api, one file per resource. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { pushOrderChanges } from '../../events/courierPush';
import { relayEvents } from '../../events/relay';
import apiKeys from './api-keys';
import courierLocation from './courier-location';
import courierSocket from './courier-socket';
import courierSelf from './courier-self';
import couriers from './couriers';
import orderStops from './order-stops';
import orders from './orders';
import photos from './photos';
import places from './places';
import reports from './reports';
import restaurantProfile from './restaurant-profile';
import restaurants from './restaurants';
import routes from './routes';
import messageSettings from './message-settings';
import notifications from './notifications';
import session from './session';
import track from './track';
import users from './users';
import v1 from './v1';
import webhookEndpoint from './webhook-endpoint';
import zones from './zones';

const api = new Hono<AppEnv>();

// Order changes write their events in their own transaction; after the answer, these
// routes hand them to the queue (src/events/relay.ts). /api/v1 does so on its writes.
api.use('/orders/*', relayEvents);
api.use('/order-stops/*', relayEvents);
// …and tell the couriers they concern, over their sockets (src/events/courierPush.ts).
api.use('/orders', pushOrderChanges);
api.use('/orders/*', pushOrderChanges);
api.use('/order-stops/*', pushOrderChanges);

api.route('/', session);
api.route('/orders', orders);
api.route('/order-stops', orderStops);
api.route('/zones', zones);
api.route('/users', users);
// The fixed paths (/profile, /earnings, /location, /live) before /couriers/:id.
api.route('/couriers', courierSocket);
api.route('/couriers', courierSelf);
api.route('/couriers', courierLocation);
api.route('/couriers', couriers);
api.route('/restaurants', restaurantProfile);
api.route('/restaurants', restaurants);
api.route('/reports', reports);
api.route('/routes', routes);
api.route('/places', places);
api.route('/photos', photos);
api.route('/api-keys', apiKeys);
api.route('/webhook-endpoint', webhookEndpoint);
api.route('/v1', v1);
api.route('/track', track);
api.route('/message-settings', messageSettings);
api.route('/notifications', notifications);

export default api;
