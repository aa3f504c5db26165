import { describe, expect, it } from 'vitest';
import { buildFigures, withFigures } from './doc-figures';

describe('figures the docs quote', () => {
  it('are set from what was measured, and a figure nobody measures is an error', () => {
    const text = 'The runtime is <!-- figure:runtime-gzip -->3 KB<!-- /figure --> gzip.';
    expect(withFigures(text, { 'runtime-gzip': '5.7 KB' }, 'D3')).toBe('The runtime is <!-- figure:runtime-gzip -->5.7 KB<!-- /figure --> gzip.');
    expect(() => withFigures('<!-- figure:guess -->1<!-- /figure -->', {}, 'D3')).toThrow('D3: no figure is measured under "guess"');
  });

  it('measure the built runtime', () => {
    expect(buildFigures()['runtime-gzip']).toMatch(/^\d+\.\d KB$/);
  });
});
