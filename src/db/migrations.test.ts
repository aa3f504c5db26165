/**
 * SQL in the migrations spells status sets out (SQLite triggers cannot import them). Each
 * list must be the domain's set it stands for (src/domain/orderStatus.ts), so a change to
 * a set that the SQL does not follow fails here instead of drifting unseen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack';
import { DELIVERY_STATUSES, MESSAGE_STATUSES } from './schema';
import { COMPLETED_STATUSES, FINISHED_STATUSES, ORDER_STATUSES, RELEASE_BUSINESS_STATUSES, STOP_STATUSES } from '../domain/orderStatus';

const MIGRATIONS = join(ROOT, 'migrations');
const sql = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => readFileSync(join(MIGRATIONS, file), 'utf8'))
  .join('\n');

const values = (list: string) => [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort();
const sorted = (set: Iterable<string>) => [...set].sort();

/** The lists of one column of restaurant_order_totals, in its triggers (`col = col ± (x.status [NOT] IN (…))`). */
function triggerLists(column: string, negated: boolean): string[][] {
  const pattern = new RegExp(`\\b${column} = ${column} [+-] \\((?:new|old)\\.status ${negated ? 'NOT IN' : 'IN'} \\(([^)]*)\\)\\)`, 'g');
  return [...sql.matchAll(pattern)].map((match) => values(match[1]));
}

describe('status lists in the migrations are the domain sets', () => {
  it('active orders are those not finished; unfinished ones those not releasing a business; completed ones completed', () => {
    const checks: Array<[string, boolean, ReadonlySet<string>]> = [
      ['active_count', true, FINISHED_STATUSES],
      ['unfinished_count', true, RELEASE_BUSINESS_STATUSES],
      ['completed_count', false, COMPLETED_STATUSES],
    ];
    for (const [column, negated, set] of checks) {
      const lists = triggerLists(column, negated);
      // Insert, delete, and the update's remove-old and add-new.
      expect(lists, column).toHaveLength(4);
      for (const list of lists) expect(list, column).toEqual(sorted(set));
    }
    const moneyWhen = [...sql.matchAll(/CASE WHEN (?:new|old|orders)\.status IN \(([^)]*)\)/g)].map((match) => values(match[1]));
    expect(moneyWhen.length).toBeGreaterThanOrEqual(16);
    for (const list of moneyWhen) expect(list).toEqual(sorted(COMPLETED_STATUSES));
  });

  it('the first fill of the totals uses the same sets, in the order of its columns', () => {
    const fill =
      /unfinished_count, completed_count[^)]*\)\s*SELECT[^;]*?sum\(\(orders\.status NOT IN \(([^)]*)\)\)\), sum\(\(orders\.status NOT IN \(([^)]*)\)\)\), sum\(\(orders\.status IN \(([^)]*)\)\)\)/.exec(
        sql,
      );
    expect(fill).not.toBeNull();
    expect(values(fill![1])).toEqual(sorted(FINISHED_STATUSES));
    expect(values(fill![2])).toEqual(sorted(RELEASE_BUSINESS_STATUSES));
    expect(values(fill![3])).toEqual(sorted(COMPLETED_STATUSES));
  });

  it('the hourly earnings totals (0029) count the completed orders, in their first fill and in their trigger', () => {
    const lists = [...sql.matchAll(/(?:NEW|orders)\.status IN \(([^)]*)\) AND (?:NEW|orders)\.completed_at IS NOT NULL/g)].map((match) => values(match[1]));
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list).toEqual(sorted(COMPLETED_STATUSES));
  });

  it('the status columns accept exactly the domain statuses', () => {
    expect(values(/"orders_status_check" CHECK\("orders"\."status" in \(([^)]*)\)/.exec(sql)![1])).toEqual(sorted(ORDER_STATUSES));
    expect(values(/"order_stops_status_check" CHECK\("order_stops"\."status" in \(([^)]*)\)/.exec(sql)![1])).toEqual(sorted(STOP_STATUSES));
    // Not an order's status: a webhook delivery's (issue 17).
    expect(values(/"webhook_deliveries_status_check" CHECK\("webhook_deliveries"\."status" in \(([^)]*)\)/.exec(sql)![1])).toEqual(sorted(DELIVERY_STATUSES));
    // A customer message's (issue 16).
    expect(values(/"customer_messages_status_check" CHECK\("customer_messages"\."status" in \(([^)]*)\)/.exec(sql)![1])).toEqual(sorted(MESSAGE_STATUSES));
  });

  it('no other status list hides in the SQL (a new one gets its check here)', () => {
    const everyList = [...sql.matchAll(/status"?\s+(?:not\s+)?in\s*\(([^)]*)\)/gi)].map((match) => JSON.stringify(values(match[1])));
    const known = new Set(
      [FINISHED_STATUSES, RELEASE_BUSINESS_STATUSES, COMPLETED_STATUSES, ORDER_STATUSES, STOP_STATUSES, DELIVERY_STATUSES, MESSAGE_STATUSES].map((set) =>
        JSON.stringify(sorted(set)),
      ),
    );
    expect(everyList.filter((list) => !known.has(list))).toEqual([]);
  });
});
