/**
 * Encoded polylines (the maps service's route format), from @googlemaps/polyline-codec.
 * The package's ESM build gives named exports to bundlers; plain Node loads its UMD
 * build, whose functions arrive as the default export. This takes them from either.
 */
import * as codec from '@googlemaps/polyline-codec';

type Codec = Pick<typeof codec, 'encode' | 'decode'>;
const library: Codec = typeof codec.encode === 'function' ? codec : (Reflect.get(codec, 'default') as Codec);

export const encodePolyline: Codec['encode'] = (...args) => library.encode(...args);
export const decodePolyline: Codec['decode'] = (...args) => library.decode(...args);
