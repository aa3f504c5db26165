/**
 * Sign-in and accounts (spec 1-foundations-and-admin.md §7.2): POST /api/login, POST /api/logout, GET /api/user,
 * POST /api/register (admin only), POST /api/change-password.
 */
import { Hono } from 'hono';
import { DECOY_HASH, hashPassword, verifyPassword } from '../../auth/password';
import { endLiveSockets, endSession, loadAccount, presentedSession, replaceSession, startSession } from '../../auth/session';
import { courierIdOfSession, findUser } from '../../db/accounts';
import { presentedDevice, trustDevice } from '../../auth/devices';
import { clearAttempts, passwordChangeChannel, recordFailure, reserveAttempt, reserveChannelAttempt } from '../../auth/throttle';
import { createAccount, findUserByUsername, serializeUser, setPasswordHash, usernameTaken, zoneExists } from '../../db/users';
import { changePasswordSchema, loginSchema, registerSchema } from '../../domain/schemas/users';
import type { AppEnv } from '../../env';
import { badRequest, conflict, forbidden, tooMany, unauthorized } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { verifiedUser } from '../../http/context';
import { validate } from '../../http/validate';

const session = new Hono<AppEnv>();

session.post('/login', validate('json', loginSchema), async (c) => {
  const { username, password } = c.req.valid('json');
  const db = c.var.db;
  const now = Date.now();
  const [device, previous] = await Promise.all([presentedDevice(c), presentedSession(c)]);
  // One round trip reads the user and counts the attempt (before its password is checked:
  // parallel guesses cannot get more than their share evaluated), and reads whose courier the
  // session this browser already had is (its phone socket ends with it); one signs in.
  const [user, account, attempt, previousCourierId] = await Promise.all([
    findUserByUsername(db, username),
    loadAccount(db, username),
    reserveAttempt(db, username, device, now),
    previous ? courierIdOfSession(db, previous) : null,
  ]);
  if (attempt.lockedUntil) {
    const minutes = Math.ceil((attempt.lockedUntil - now) / 60_000);
    throw tooMany(
      'Too many failed sign-in attempts',
      `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      (attempt.lockedUntil - now) / 1000,
    );
  }
  // A missing user costs the same hashing time as a wrong password: no username probing.
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !account || !valid) {
    await recordFailure(db, attempt.channel, now);
    throw unauthorized('Invalid username or password');
  }
  if (!user.isActive) throw forbidden('This account has been deactivated. Please contact your administrator.');
  // A new session id at every sign-in; a session this browser already had ends (whoever's it was).
  await Promise.all([
    clearAttempts(db, attempt.channel),
    trustDevice(c, db, user.id, attempt.trustedDevice, now),
    previous ? replaceSession(c, db, previous, previousCourierId) : undefined,
    startSession(c, db, account),
  ]);
  return c.json(serializeUser(account));
});

session.post('/logout', async (c) => {
  if (c.var.user) await endSession(c, c.var.db, c.var.user);
  return c.json({ success: true });
});

session.get('/user', async (c) => {
  if (!c.var.user) throw unauthorized();
  return c.json(serializeUser(await verifiedUser(c)));
});

session.post('/register', requireApi('admin'), validate('json', registerSchema), async (c) => {
  const input = c.req.valid('json');
  const db = c.var.db;
  if (await usernameTaken(db, input.username)) throw conflict('Username already exists', `The username "${input.username}" is taken; choose another.`);
  if (input.role === 'courier' && !(await zoneExists(db, input.zoneId))) throw badRequest('Zone not found', 'Choose an existing zone.');
  const { user, courier } = await createAccount(db, input, await hashPassword(input.password));
  return c.json({ ...serializeUser({ ...user, courierId: courier?.id ?? null }), courier }, 201);
});

session.post('/change-password', requireApi(), validate('json', changePasswordSchema), async (c) => {
  const { currentPassword, newPassword } = c.req.valid('json');
  const db = c.var.db;
  const me = c.var.user!;
  const now = Date.now();
  // Counted before the current password is checked, as a sign-in is (S9): a stolen session cannot guess it.
  const [user, attempt] = await Promise.all([findUser(db, me.id), reserveChannelAttempt(db, passwordChangeChannel(me.id), now)]);
  if (attempt.lockedUntil) {
    const minutes = Math.ceil((attempt.lockedUntil - now) / 60_000);
    throw tooMany(
      'Too many wrong current passwords',
      `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      (attempt.lockedUntil - now) / 1000,
    );
  }
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    await recordFailure(db, attempt.channel, now);
    throw badRequest('Current password is incorrect');
  }
  // Other devices signed in with the old password are signed out.
  await Promise.all([setPasswordHash(db, user.id, await hashPassword(newPassword), me.sessionId), clearAttempts(db, attempt.channel)]);
  await endLiveSockets(c.env, { userId: user.id, exceptSessionId: me.sessionId }, me.courierId);
  return c.json({ success: true, message: 'Your password has been changed successfully' });
});

export default session;
