// @vitest-environment happy-dom
/**
 * The page runtime's partials in a DOM (happy-dom), against a fake server whose replies
 * arrive in the order each test chooses: the poll-vs-click race, redirects and sign-out,
 * history and scroll, title and focus, islands kept across a swap, and the words shown
 * when background updates fail.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, redirectedReply, regionReply, settle } from './fakeServer';

type Runtime = typeof import('./partials');

let runtime: Runtime;
let stop: AbortController;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

const ORDERS_PAGE = `
  <h1>Orders</h1>
  <div data-partial="orders" data-history data-poll="5000" data-etag="W/&quot;v1&quot;">
    <nav><a id="tab-all" href="/admin/orders" data-partial-target="orders">All</a>
    <a id="tab-new" href="/admin/orders?status=new" data-partial-target="orders">New</a>
    <a href="/admin/orders?page=2" data-partial-target="orders" class="pager">Next</a></nav>
    <p class="content">all orders</p>
  </div>`;

const regionText = (name: string) => document.querySelector(`[data-partial="${name}"] .content`)?.textContent;

async function start(html: string, path = '/admin/orders') {
  history.replaceState(null, '', path);
  document.title = 'Orders · Dispatch';
  document.body.innerHTML = html;
  vi.resetModules();
  runtime = await import('./partials');
  stop = new AbortController();
  runtime.startPartials(stop.signal);
}

function click(selector: string) {
  document.querySelector<HTMLElement>(selector)!.click();
}

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.spyOn(window.location, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  stop.abort();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the poll-vs-click race', () => {
  it('a click cancels a poll in flight, and the poll arriving late never covers the clicked view', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    const poll = runtime.refreshRegion('orders', 'poll');
    const polled = server.last('orders');
    expect(polled.headers['If-None-Match']).toBe('W/"v1"');

    click('#tab-new');
    const clicked = server.last('orders');
    expect(clicked).not.toBe(polled);
    expect(polled.signal.aborted).toBe(true);
    expect(clicked.url).toBe('/admin/orders?status=new');

    await clicked.answer(regionReply('orders', '<p class="content">new orders</p>'));
    expect(regionText('orders')).toBe('new orders');
    expect(window.location.search).toBe('?status=new');

    // The poll's reply (the old URL's list) comes after all: it is dropped.
    await polled.answer(regionReply('orders', '<p class="content">all orders, polled</p>'));
    await poll;
    expect(regionText('orders')).toBe('new orders');
  });

  it('a poll that fires while a click is loading yields to it; a refresh asked for meanwhile runs after it', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    click('#tab-new');
    const clicked = server.last('orders');

    await runtime.refreshRegion('orders', 'poll');
    expect(server.requests).toHaveLength(1);
    expect(clicked.signal.aborted).toBe(false);

    // A change the page made (an API action) must still be shown: its refresh waits for the click.
    void runtime.refreshRegion('orders', 'refresh');
    expect(server.requests).toHaveLength(1);
    await clicked.answer(regionReply('orders', '<p class="content">new orders</p>', { ETag: 'W/"v2"' }));
    expect(regionText('orders')).toBe('new orders');
    const refresh = server.last('orders');
    expect(refresh).not.toBe(clicked);
    expect(refresh.url).toBe('/admin/orders?status=new');
    expect(refresh.headers['If-None-Match']).toBe('W/"v2"');
    await refresh.answer(new Response(null, { status: 304 }));
    expect(regionText('orders')).toBe('new orders');
  });

  it('the later of two clicks wins, whatever order the replies arrive in', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    click('#tab-new');
    const first = server.last('orders');
    click('.pager');
    const second = server.last('orders');
    await second.answer(regionReply('orders', '<p class="content">page 2</p>'));
    await first.answer(regionReply('orders', '<p class="content">new orders</p>'));
    expect(regionText('orders')).toBe('page 2');
    expect(window.location.search).toBe('?page=2');
  });
});

describe('leaving the page', () => {
  it('a navigation whose reply was redirected (the session ended) becomes a full navigation to where it led', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    click('#tab-new');
    await server.last('orders').answer(redirectedReply('/auth?next=%2Fadmin%2Forders%3Fstatus%3Dnew', '<html><body><h1>Admin Login</h1></body></html>'));
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/auth?next=%2Fadmin%2Forders%3Fstatus%3Dnew');
    expect(regionText('orders')).toBe('all orders');
    expect(window.location.search).toBe('');
  });

  it('a poll told to leave (401 with X-Partial-Location, a protected page to the signed-out) goes to sign in', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    void runtime.refreshRegion('orders', 'poll');
    await server.last('orders').answer(new Response(null, { status: 401, headers: { 'X-Partial-Location': '/auth?next=%2Fadmin%2Forders' } }));
    expect(assign).toHaveBeenCalledWith('/auth?next=%2Fadmin%2Forders');
    expect(document.querySelector('[data-partial="orders"]')!.hasAttribute('data-stale')).toBe(false);
  });

  it('a reply without the region (another page answered) becomes a full navigation to the URL asked for', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    click('#tab-new');
    await server.last('orders').answer(new Response('<!doctype html><html><body><h1>Something else</h1></body></html>'));
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/admin/orders?status=new');
    expect(regionText('orders')).toBe('all orders');
  });

  it('a link to a region the page lacks is followed as a plain link', async () => {
    fakeServer();
    await start(ORDERS_PAGE);
    await runtime.navigate('elsewhere', '/admin/couriers', { push: true });
    expect(assign).toHaveBeenCalledWith('/admin/couriers');
  });
});

describe('history, scroll, title and focus', () => {
  it('Back restores the list and the scroll position the entry was left at; Forward returns to the top it was shown at', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    window.scrollTo(0, 640);
    click('.pager');
    await server.last('orders').answer(regionReply('orders', '<p class="content">page 2</p>'));
    expect(history.state).toEqual({ partial: 'orders' });
    const scrollTo = vi.spyOn(window, 'scrollTo');

    history.back();
    await settle();
    const back = server.last('orders');
    expect(back.url).toBe('/admin/orders');
    await back.answer(regionReply('orders', '<p class="content">all orders</p>'));
    expect(regionText('orders')).toBe('all orders');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    history.forward();
    await settle();
    await server.last('orders').answer(regionReply('orders', '<p class="content">page 2</p>'));
    expect(regionText('orders')).toBe('page 2');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('the document title follows the page a navigation loaded', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    click('#tab-new');
    await server.last('orders').answer(regionReply('orders', '<p class="content">new</p>', { 'X-Partial-Title': encodeURIComponent('New orders · Dispatch') }));
    expect(document.title).toBe('New orders · Dispatch');
  });

  it('focus stays on the link it was on when the new content has it, and otherwise moves to the new content', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    document.getElementById('tab-new')!.focus();
    click('#tab-new');
    await server
      .last('orders')
      .answer(
        regionReply('orders', '<nav><a id="tab-new" href="/admin/orders?status=new" data-partial-target="orders">New</a></nav><p class="content">new</p>'),
      );
    expect(document.activeElement?.id).toBe('tab-new');

    document.querySelector<HTMLElement>('#tab-new')!.focus();
    void runtime.navigate('orders', '/admin/orders?page=2', { push: true });
    await server.last('orders').answer(regionReply('orders', '<h2>Page 2 of orders</h2><p class="content">page 2</p>'));
    expect(document.activeElement?.textContent).toBe('Page 2 of orders');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });
});

describe('swapping keeps focus on the same control', () => {
  it("a refresh keeps focus on a row's button that has no id, found by its row and name", async () => {
    const server = fakeServer();
    const row = (status: string) =>
      `<table><tr data-order-id="7"><td>${status}</td><td><button type="button" data-action="assign-order" data-payload='{"status":"${status}"}'>Assign Courier</button></td></tr>` +
      `<tr data-order-id="8"><td><button type="button" data-action="assign-order">Assign Courier</button></td></tr></table>`;
    await start(`<div data-partial="orders" data-poll="5000">${row('new')}</div>`);
    document.querySelector<HTMLElement>('[data-order-id="7"] button')!.focus();
    void runtime.refreshRegion('orders', 'poll');
    await server.last('orders').answer(regionReply('orders', row('assigned')));
    expect(document.activeElement?.closest('tr')?.getAttribute('data-order-id')).toBe('7');
    expect(document.activeElement?.textContent).toBe('Assign Courier');
  });
});

describe('swapping', () => {
  const ISLAND_PAGE = `
    <div data-partial="earnings" data-history>
      <dd-island data-island="RangePicker" data-props='{"path":"/courier/earnings"}' data-hydrated="true"><input id="range" /></dd-island>
      <dd-island data-island="Chart" data-props='{"days":7}' data-hydrated="true"><svg></svg></dd-island>
      <p class="content">7 days</p>
    </div>`;

  it('keeps an island whose props did not change (its state and element), and replaces one whose props did', async () => {
    const server = fakeServer();
    await start(ISLAND_PAGE, '/courier/earnings');
    const picker = document.querySelector('dd-island[data-island="RangePicker"]')!;
    const chart = document.querySelector('dd-island[data-island="Chart"]')!;
    const unmounted: string[] = [];
    picker.addEventListener('dd:unmount', () => unmounted.push('picker'));
    chart.addEventListener('dd:unmount', () => unmounted.push('chart'));
    (picker.querySelector('input') as HTMLInputElement).value = 'typed';

    void runtime.navigate('earnings', '/courier/earnings?period=30days', { push: true });
    await server.last('earnings').answer(
      regionReply(
        'earnings',
        `<dd-island data-island="RangePicker" data-props='{"path":"/courier/earnings"}'><input id="range" /></dd-island>
         <dd-island data-island="Chart" data-props='{"days":30}'><svg></svg></dd-island>
         <p class="content">30 days</p>`,
      ),
    );
    expect(regionText('earnings')).toBe('30 days');
    const keptPicker = document.querySelector('dd-island[data-island="RangePicker"]')!;
    expect(keptPicker).toBe(picker);
    expect((keptPicker.querySelector('input') as HTMLInputElement).value).toBe('typed');
    expect(document.querySelector('dd-island[data-island="Chart"]')).not.toBe(chart);
    expect(unmounted).toEqual(['chart']);
  });

  it('a background refresh leaves a region alone while someone types in it', async () => {
    const server = fakeServer();
    await start(`<div data-partial="form" data-poll="5000"><input id="name" /><p class="content">v1</p></div>`);
    document.getElementById('name')!.focus();
    await runtime.refreshRegion('form', 'poll');
    expect(server.requests).toHaveLength(0);
  });
});

describe('when background updates fail', () => {
  const notice = () => document.getElementById('dd-stale-notice');

  it('says "Updates paused — retrying" in a status message, and clears it when an update gets through', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    void runtime.refreshRegion('orders', 'poll');
    await server.last('orders').fail(new TypeError('Failed to fetch'));
    const region = document.querySelector('[data-partial="orders"]')!;
    expect(region.getAttribute('data-stale')).toBe('true');
    expect(notice()?.getAttribute('role')).toBe('status');
    expect(notice()?.textContent).toBe('Updates paused — retrying');
    expect(regionText('orders')).toBe('all orders');

    void runtime.refreshRegion('orders', 'poll');
    await server.last('orders').answer(new Response(null, { status: 304 }));
    expect(region.hasAttribute('data-stale')).toBe(false);
    expect(notice()?.textContent).toBe('');
  });

  it('a server error counts as a failure too, and a region without a poll retries by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer();
    await start(`<div data-partial="totals"><p class="content">$10</p></div>`, '/dashboard');
    void runtime.refreshRegion('totals');
    await server.last('totals').answer(new Response('oops', { status: 500 }));
    expect(notice()?.textContent).toBe('Updates paused — retrying');
    expect(server.requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(runtime.RETRY_MS);
    expect(server.requests).toHaveLength(2);
    await server.last('totals').answer(regionReply('totals', '<p class="content">$12</p>'));
    expect(regionText('totals')).toBe('$12');
    expect(notice()?.textContent).toBe('');
  });

  it('a failed navigation keeps the view and says so in a toast', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    click('#tab-new');
    await server.last('orders').answer(new Response(JSON.stringify({ error: 'Invalid query' }), { status: 400 }));
    expect(regionText('orders')).toBe('all orders');
    expect(document.querySelector('.toast')?.textContent).toContain('400: Invalid query');
    expect(window.location.search).toBe('');
  });
});

describe('a list that holds still under the hand (issue 29)', () => {
  const HELD_PAGE = `
    <div data-partial="orders" data-hold data-poll="5000" data-etag="W/&quot;v1&quot;">
      <table><tr data-order-id="1"><td><button id="assign-1">Assign</button></td></tr></table>
      <p class="content">two orders</p>
    </div><p id="outside">outside</p>`;
  const UPDATED = `<table>
      <tr data-order-id="3"><td>new</td></tr><tr data-order-id="4"><td>new</td></tr><tr data-order-id="1"><td>old</td></tr>
    </table><p class="content">four orders</p>`;
  const held = (html: string) => regionReply('orders', html, {}, 'data-hold data-poll="5000"');
  const pointAt = (selector: string) => document.querySelector(selector)!.dispatchEvent(new Event('pointerover', { bubbles: true }));
  /** The held page, the hand on its rows (`hold`), and a poll answered with UPDATED. */
  async function pollUnder(hold: () => void) {
    const server = fakeServer();
    await start(HELD_PAGE);
    await vi.dynamicImportSettled();
    hold();
    const poll = runtime.refreshRegion('orders', 'poll');
    await server.last('orders').answer(held(UPDATED));
    await poll;
    return server;
  }

  it('keeps the rows under the pointer, says how many new orders wait, and shows them when the pointer leaves', async () => {
    await pollUnder(() => pointAt('#assign-1'));
    await settle();
    expect(regionText('orders')).toBe('two orders');
    expect(document.querySelector('[data-hold-bar]')?.textContent).toContain('2 new orders: shown when you move away.');
    pointAt('#outside');
    expect(regionText('orders')).toBe('four orders');
    expect(document.querySelector('[data-hold-bar]')).toBeNull();
  });

  it('shows a waiting update at once on Show, and holds while focus is in the list', async () => {
    await pollUnder(() => document.querySelector<HTMLElement>('#assign-1')!.focus());
    await settle();
    expect(regionText('orders')).toBe('two orders');
    click('[data-hold-show]');
    expect(regionText('orders')).toBe('four orders');
  });

  it("shows the dispatcher's own change at once, and drops the older update that waited", async () => {
    const server = await pollUnder(() => pointAt('#assign-1'));
    const own = runtime.refreshRegion('orders');
    await server.last('orders').answer(held('<p class="content">assigned</p>'));
    await own;
    await settle();
    expect(regionText('orders')).toBe('assigned');
    pointAt('#outside');
    expect(regionText('orders')).toBe('assigned');
  });

  it('never holds a region that did not ask for it', async () => {
    const server = fakeServer();
    await start(ORDERS_PAGE);
    pointAt('.content');
    const poll = runtime.refreshRegion('orders', 'poll');
    await server.last('orders').answer(regionReply('orders', '<p class="content">moved on</p>', {}, 'data-poll="5000"'));
    await poll;
    await settle();
    expect(regionText('orders')).toBe('moved on');
  });
});
