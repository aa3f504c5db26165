import { describe, expect, it } from 'vitest';
import { provisionalUser, refuseUser, SessionNotConfirmed, settleUser, type SessionUser } from './session';

const identity = { id: 7, role: 'courier' as const, courierId: 3, restaurantId: null };

describe('the user a hint names, before its session check answers', () => {
  it('has its identity at once; its details throw a programming error until the check fills them in', () => {
    const user = provisionalUser(identity, 'session-1');
    expect(user).toMatchObject({ ...identity, sessionId: 'session-1' });
    expect(() => user.username).toThrow('user.username was read before the session check answered');
    settleUser(user, { ...identity, sessionId: 'session-1', username: 'rider', name: 'Rider', courier: null } as unknown as SessionUser);
    expect(user.username).toBe('rider');
  });

  it('once its session is refused, stops a handler quietly: reading its details throws SessionNotConfirmed', () => {
    const user = provisionalUser(identity, 'session-2');
    refuseUser(user);
    expect(() => user.courier).toThrow(SessionNotConfirmed);
    expect(user.courierId).toBe(3);
  });
});
