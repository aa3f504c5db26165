/** /api/zones (spec 1-foundations-and-admin.md §2.7, §5.4, §7.4): admin only, validated, names unique regardless of case. */
import { describe, expect, it } from 'vitest';
import { Client, signedIn, unique } from '../support/api';

describe('zones API', () => {
  it('answers 401 signed out and 403 to every other role', async () => {
    expect((await new Client().get('/api/zones')).status).toBe(401);
    expect((await new Client().post('/api/zones', { name: 'X', cities: ['Tampa'] })).status).toBe(401);
    for (const username of ['bistro', 'courier']) {
      const client = await signedIn(username);
      expect((await client.get('/api/zones')).status, username).toBe(403);
      expect((await client.post('/api/zones', { name: unique('Z'), cities: ['Tampa'] })).status, username).toBe(403);
      expect((await client.patch('/api/zones/1', { name: unique('Z'), cities: ['Tampa'] })).status, username).toBe(403);
    }
  });

  it('lists zones with the spec fields', async () => {
    const response = await (await signedIn('admin')).get('/api/zones');
    expect(response.status).toBe(200);
    const tampa = response.body.find((zone: { name: string }) => zone.name === 'Tampa');
    expect(tampa).toEqual({ id: expect.any(Number), name: 'Tampa', description: expect.any(String), cities: ['Tampa', 'Temple Terrace'], isActive: true });
  });

  it('creates a zone, trimming cities and dropping empty ones; active by default', async () => {
    const admin = await signedIn('admin');
    const name = unique('Lakeland ');
    const response = await admin.post('/api/zones', { name: `  ${name} `, description: 'Polk County', cities: [' Lakeland', '', 'Winter Haven ', 'lakeland'] });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name, description: 'Polk County', cities: ['Lakeland', 'Winter Haven'], isActive: true });
    const listed = (await admin.get('/api/zones')).body.find((zone: { id: number }) => zone.id === response.body.id);
    expect(listed.cities).toEqual(['Lakeland', 'Winter Haven']);
  });

  it('refuses bad bodies with the spec messages', async () => {
    const admin = await signedIn('admin');
    const noName = await admin.post('/api/zones', { name: '  ', cities: ['Tampa'] });
    expect(noName.status).toBe(400);
    expect(noName.body.fields.name).toEqual(['Zone name is required']);
    const noCities = await admin.post('/api/zones', { name: unique('Z'), cities: [' ', ''] });
    expect(noCities.status).toBe(400);
    expect(noCities.body.details).toBe('At least one city is required');
    const missing = await admin.post('/api/zones', {});
    expect(missing.status).toBe(400);
    expect(missing.body.details).toContain('Zone name is required');
    expect(missing.body.details).toContain('At least one city is required');
    expect((await admin.post('/api/zones', 'not json', { 'Content-Type': 'application/json' })).status).toBe(400);
  });

  it('refuses a duplicate name in any case with 409 and a clear message, on create and on edit', async () => {
    const admin = await signedIn('admin');
    const name = unique('Dup');
    const first = await admin.post('/api/zones', { name, cities: ['Tampa'] });
    expect(first.status).toBe(201);
    const again = await admin.post('/api/zones', { name: name.toUpperCase(), cities: ['Tampa'] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Zone name already exists', details: `A zone named "${name}" already exists. Choose another name.` });

    const other = await admin.post('/api/zones', { name: unique('Other'), cities: ['Tampa'] });
    const rename = await admin.patch(`/api/zones/${other.body.id}`, { name: name.toLowerCase(), cities: ['Tampa'] });
    expect(rename.status).toBe(409);
    // Renaming a zone to its own name in another case is not a duplicate.
    const recase = await admin.patch(`/api/zones/${first.body.id}`, { name: name.toLowerCase(), cities: ['Tampa'], isActive: false });
    expect(recase.status).toBe(200);
    expect(recase.body).toMatchObject({ name: name.toLowerCase(), isActive: false });
  });

  it('edits a zone and answers 404 for one that does not exist', async () => {
    const admin = await signedIn('admin');
    const created = await admin.post('/api/zones', { name: unique('Edit'), cities: ['Tampa'] });
    const name = unique('Edited');
    const edited = await admin.patch(`/api/zones/${created.body.id}`, { name, description: 'New text', cities: ['Brandon', 'Riverview'], isActive: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id: created.body.id, name, description: 'New text', cities: ['Brandon', 'Riverview'], isActive: false });
    expect((await admin.patch('/api/zones/99999999', { name: unique('Z'), cities: ['Tampa'] })).status).toBe(404);
    expect((await admin.patch('/api/zones/abc', { name: unique('Z'), cities: ['Tampa'] })).status).toBe(400);
  });
});
