/** The Hono application: middleware in order, then the API and the pages of each area. */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { limitBodies } from './http/body';
import { answerAgain, requestContext, loadUser } from './http/context';
import { handleError, handleNotFound } from './http/errorHandler';
import { refuseCrossOriginWrites, securityHeaders } from './http/security';
import admin from './routes/admin';
import api from './routes/api';
import auth from './routes/auth';
import { mountBusiness } from './routes/business';
import courier from './routes/courier';
import tracking from './routes/tracking';

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Every response carries the security headers, the liveness probe's too.
  app.use('*', securityHeaders);

  // Liveness for the process supervisor; touches nothing (no session, no database).
  app.get('/healthz', (c) => c.text('ok'));

  app.use('*', requestContext);
  app.use('*', refuseCrossOriginWrites);
  app.use('*', loadUser);
  app.use('*', limitBodies);

  app.route('/api', api);
  app.route('/', auth);
  app.route('/admin', admin);
  app.route('/courier', courier);
  app.route('/t', tracking);
  mountBusiness(app);

  app.notFound(handleNotFound);
  app.onError(handleError);

  // A read that speculated on a session which did not hold is answered again, checking first.
  const answer = app.fetch;
  app.fetch = async (request, env, executionCtx) => {
    const response = await answer(request, env, executionCtx);
    const again = answerAgain(request);
    return again ? answer(again, env, executionCtx) : response;
  };
  return app;
}
