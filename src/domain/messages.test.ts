import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, emailSubject, messageKey, messagesFor, renderMessage, smsNumber, TEMPLATE_PROBLEMS, templateProblem } from './messages';

describe('the messages an event calls for', () => {
  it('a single order: on the way, delivered, cancelled; nothing for other moves', () => {
    expect(messagesFor({ stopId: null, toStatus: 'on_way_to_customer' }, [])).toEqual([{ kind: 'on_the_way', stopId: null }]);
    expect(messagesFor({ stopId: null, toStatus: 'delivered' }, [])).toEqual([{ kind: 'delivered', stopId: null }]);
    expect(messagesFor({ stopId: null, toStatus: 'missed_pickup' }, [])).toEqual([{ kind: 'cancelled', stopId: null }]);
    expect(messagesFor({ stopId: null, toStatus: 'picked_up' }, [])).toEqual([]);
  });

  it('a route: each stop as it moves; a cancellation to every stop not yet delivered', () => {
    const stops = [
      { id: 1, status: 'delivered' as const },
      { id: 2, status: 'on_way' as const },
      { id: 3, status: 'pending' as const },
    ];
    expect(messagesFor({ stopId: 2, toStatus: 'on_way' }, stops)).toEqual([{ kind: 'on_the_way', stopId: 2 }]);
    expect(messagesFor({ stopId: 1, toStatus: 'delivered' }, stops)).toEqual([{ kind: 'delivered', stopId: 1 }]);
    expect(messagesFor({ stopId: 2, toStatus: 'arrived' }, stops)).toEqual([]);
    expect(messagesFor({ stopId: null, toStatus: 'in_pharmacy_delivery' }, stops)).toEqual([]);
    expect(messagesFor({ stopId: null, toStatus: 'cancelled' }, stops)).toEqual([
      { kind: 'cancelled', stopId: 2 },
      { kind: 'cancelled', stopId: 3 },
    ]);
  });

  it('one key per moment and recipient', () => {
    expect(messageKey('delivered', 7, null, 'sms')).toBe('delivered:order:7:sms');
    expect(messageKey('delivered', 7, 3, 'sms')).toBe('delivered:stop:3:sms');
    expect(messageKey('delivered', 7, 3, 'email')).toBe('delivered:stop:3:email');
  });
});

describe('wording', () => {
  it('fills the placeholders', () => {
    expect(
      renderMessage(DEFAULT_TEMPLATES.cancelled, {
        business: 'Harbor Bistro',
        courier: 'Rosa',
        link: 'https://x/t/1',
        order: '#10001',
        phone: '(813) 555-0100',
      }),
    ).toBe('Harbor Bistro: your order #10001 was cancelled. Questions? Call (813) 555-0100.');
    expect(renderMessage('{courier} {unknown} {link}', { business: '', courier: 'Rosa', link: 'L', order: '', phone: '' })).toBe('Rosa {unknown} L');
  });

  it('texts only 10-digit US numbers, in E.164', () => {
    expect(smsNumber('8135550142')).toBe('+18135550142');
    expect(smsNumber('555')).toBeNull();
  });
});

describe('email subjects', () => {
  it('name the business and the moment', () => {
    const values = { business: 'Harbor Bistro', courier: 'Rosa', link: '', order: '#10001', phone: '' };
    expect(emailSubject('on_the_way', values)).toBe('Harbor Bistro: your order is on the way');
    expect(emailSubject('cancelled', values)).toBe('Harbor Bistro: your order #10001 was cancelled');
  });
});

describe('a business’s wording (issue 26)', () => {
  it('takes the defaults and plain text with emoji', () => {
    for (const template of Object.values(DEFAULT_TEMPLATES)) expect(templateProblem(template), template).toBeNull();
    expect(templateProblem('{business}: your order is here 🎉 Call {phone} with questions, e.g. about Dr. Lee’s order')).toBeNull();
  });
  it('refuses links of its own, in any spelling, but the tracking link’s placeholder', () => {
    for (const template of ['verify at https://evil.example/login', 'see www.evil.com', 'go to evil.example/refund', 'hxxp mix: ftp://x.y', 'pay.me now']) {
      expect(templateProblem(template), template).toBe(TEMPLATE_PROBLEMS.link);
    }
  });
  it('refuses line breaks, control and invisible formatting characters', () => {
    for (const template of ['one\ntwo', 'one\r\ntwo', 'tab\there', 'right-to-left \u202E override', 'zero\u200Bwidth', 'line\u2028sep']) {
      expect(templateProblem(template), JSON.stringify(template)).toBe(TEMPLATE_PROBLEMS.unprintable);
    }
  });
  it('refuses braces that are not a placeholder', () => {
    expect(templateProblem('enter {card}')).toBe(TEMPLATE_PROBLEMS.placeholder);
    expect(templateProblem('{business')).toBe(TEMPLATE_PROBLEMS.placeholder);
  });
});
