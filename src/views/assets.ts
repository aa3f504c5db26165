/** The built asset manifest (scripts/build-assets.ts writes it before the Worker is bundled). */
import manifest from '../generated/assets.json';

export interface AssetManifest {
  css: string;
  runtime: string;
  islands: Record<string, { src: string; imports: string[] }>;
}

export const assets: AssetManifest = manifest;
