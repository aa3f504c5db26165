/** Zones (spec 1-foundations-and-admin.md §2.7, §7.4). Names are unique regardless of case (D8): a duplicate is refused by the index. */
import { asc, eq, sql } from 'drizzle-orm';
import { numbersOf, type AutopilotSettings } from '../domain/autopilot/settings';
import type { ZoneInput } from '../domain/schemas/zones';
import type { Db } from './client';
import { zones, type Zone } from './schema';

export async function listZones(db: Db): Promise<Zone[]> {
  return db
    .select()
    .from(zones)
    .orderBy(asc(sql`${zones.name} collate nocase`));
}

export async function findZone(db: Db, id: number): Promise<Zone | undefined> {
  const [zone] = await db.select().from(zones).where(eq(zones.id, id)).limit(1);
  return zone;
}

/** The zone already called `name` (any case), other than `exceptId`. */
export async function zoneNamed(db: Db, name: string, exceptId?: number): Promise<Zone | undefined> {
  const [zone] = await db
    .select()
    .from(zones)
    .where(sql`${zones.name} = ${name} collate nocase${exceptId ? sql` and ${zones.id} <> ${exceptId}` : sql``}`)
    .limit(1);
  return zone;
}

export async function createZone(db: Db, input: ZoneInput): Promise<Zone> {
  const [zone] = await db.insert(zones).values(input).returning();
  return zone;
}

export async function updateZone(db: Db, id: number, input: ZoneInput): Promise<Zone | undefined> {
  const [zone] = await db
    .update(zones)
    .set({ ...input, updatedAt: Date.now() })
    .where(eq(zones.id, id))
    .returning();
  return zone;
}

/** The zone's autopilot as the admin sets it (issue 30, decision W12). */
export async function updateZoneDispatch(db: Db, id: number, settings: AutopilotSettings, paused: boolean): Promise<Zone | undefined> {
  const [zone] = await db
    .update(zones)
    .set({ dispatchMode: settings.mode, autopilotSettings: numbersOf(settings), autopilotPaused: paused, updatedAt: Date.now() })
    .where(eq(zones.id, id))
    .returning();
  return zone;
}

/** PATCH /api/zones/:id/dispatch's answer and the settings dialog's form: the mode, paused or not, and the numbers. */
export function serializeZoneDispatch(zone: Zone) {
  return { id: zone.id, name: zone.name, mode: zone.dispatchMode, paused: zone.autopilotPaused, ...zone.autopilotSettings };
}

export function serializeZone(zone: Zone) {
  return { id: zone.id, name: zone.name, description: zone.description, cities: zone.cities, isActive: zone.isActive };
}
