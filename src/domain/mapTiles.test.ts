import { describe, expect, it } from 'vitest';
import { mapTilesOf, OSM_TILES, tilesSource } from './mapTiles';

describe('map tiles', () => {
  it("are OpenStreetMap's unless configured", () => {
    expect(mapTilesOf({})).toEqual(OSM_TILES);
    expect(mapTilesOf({ MAP_TILES_URL: ' ' })).toEqual(OSM_TILES);
    expect(mapTilesOf({ MAP_TILES_URL: 'https://tiles.example.com/{z}/{x}/{y}.png', MAP_TILES_ATTRIBUTION: '© Example' })).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it('admit exactly their origin in the CSP', () => {
    expect(tilesSource(OSM_TILES)).toBe('https://tile.openstreetmap.org');
    expect(tilesSource({ url: 'http://127.0.0.1:4567/tiles/{z}/{x}/{y}.png', attribution: '' })).toBe('http://127.0.0.1:4567');
    expect(tilesSource({ url: 'https://{s}.basemaps.example.com/light/{z}/{x}/{y}{r}.png', attribution: '' })).toBe('https://*.basemaps.example.com');
    expect(tilesSource({ url: 'not a url', attribution: '' })).toBeNull();
    expect(tilesSource({ url: 'javascript:alert(1)//{z}', attribution: '' })).toBeNull();
  });
});
