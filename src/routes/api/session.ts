/**
 * Sign-in and accounts (spec 1-foundations-and-admin.md §7.2): POST /api/login, POST /api/logout, GET /api/user,
 * POST /api/register (admin only), POST /api/change-password.
 */
import { Hono } from 'hono';
import { DECOY_HASH, hashPassword, verifyPassword } from '../../auth/password';
import { endSession, endUserSessions, loadAccount, replaceSession, startSession } from '../../auth/session';
import { deviceOwner, presentedDevice, trustDevice } from '../../auth/devices';
import { clearAttempts, deviceChannel, recordFailure, reserveAttempt, untrustedChannel } from '../../auth/throttle';
import { createAccount, findUserByUsername, serializeUser, setPasswordHash, usernameTaken, zoneExists } from '../../db/users';
import { changePasswordSchema, loginSchema, registerSchema } from '../../domain/schemas/users';
import type { AppEnv } from '../../env';
import { badRequest, conflict, forbidden, tooMany, unauthorized } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const session = new Hono<AppEnv>();

session.post('/login', validate('json', loginSchema), async (c) => {
  const { username, password } = c.req.valid('json');
  const db = c.var.db;
  const now = Date.now();
  const device = await presentedDevice(c);
  // One round trip for what the sign-in reads; one to count the attempt; one to sign in.
  const [user, account, owner] = await Promise.all([findUserByUsername(db, username), loadAccount(db, username), deviceOwner(db, device)]);
  // A browser this user signed in on before counts its attempts apart from everyone else's.
  const trusted = user && owner === user.id ? device : null;
  const channel = trusted ? deviceChannel(trusted) : untrustedChannel(username);
  // Counted before the password is checked: parallel guesses cannot get more than their share evaluated.
  const locked = await reserveAttempt(db, channel, now);
  if (locked) {
    const minutes = Math.ceil((locked - now) / 60_000);
    throw tooMany('Too many failed sign-in attempts', `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, (locked - now) / 1000);
  }
  // A missing user costs the same hashing time as a wrong password: no username probing.
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !account || !valid) {
    await recordFailure(db, channel, now);
    throw unauthorized('Invalid username or password');
  }
  if (!user.isActive) throw forbidden('This account has been deactivated. Please contact your administrator.');
  // A new session id at every sign-in; a session this browser already had ends.
  const previous = c.var.user;
  await Promise.all([
    clearAttempts(db, channel),
    trustDevice(c, db, user.id, trusted, now),
    previous ? replaceSession(c, db, previous.sessionId) : undefined,
    startSession(c, db, account),
  ]);
  return c.json(serializeUser(account));
});

session.post('/logout', async (c) => {
  if (c.var.user) await endSession(c, c.var.db, c.var.user.sessionId);
  return c.json({ success: true });
});

session.get('/user', async (c) => {
  if (!c.var.user) throw unauthorized();
  await c.var.sessionVerified;
  return c.json(serializeUser(c.var.user));
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
  const user = await findUserByUsername(db, me.username);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) throw badRequest('Current password is incorrect');
  await setPasswordHash(db, user.id, await hashPassword(newPassword));
  // Other devices signed in with the old password are signed out.
  await endUserSessions(c, user.id, me.sessionId);
  return c.json({ success: true, message: 'Your password has been changed successfully' });
});

export default session;
