import { describe, expect, it } from 'vitest';
import { readPastedStops } from './pastedStops';

describe('a pasted list of stops', () => {
  it('reads lines written out with commas, the address keeping its own', () => {
    expect(
      readPastedStops('Ann Lee, (813) 555-0142, 1201 N Franklin St, Tampa, FL 33602\n\nBo Chen,813.555.0143,3001 W Kennedy Blvd, Tampa, Florida, 33609\n'),
    ).toEqual({
      stops: [
        { customerName: 'Ann Lee', customerPhone: '8135550142', address: '1201 N Franklin St, Tampa, FL 33602' },
        { customerName: 'Bo Chen', customerPhone: '8135550143', address: '3001 W Kennedy Blvd, Tampa, Florida, 33609' },
      ],
      problems: [],
    });
  });

  it('reads columns copied from a spreadsheet, skipping their heading', () => {
    const sheet =
      'Name\tPhone\tAddress\nAnn Lee\t+1 813 555 0142\t1201 N Franklin St, Tampa, FL 33602\r\nBo Chen\t8135550143\t3001 W Kennedy Blvd\tTampa\tFL 33609';
    expect(readPastedStops(sheet).stops).toEqual([
      { customerName: 'Ann Lee', customerPhone: '8135550142', address: '1201 N Franklin St, Tampa, FL 33602' },
      { customerName: 'Bo Chen', customerPhone: '8135550143', address: '3001 W Kennedy Blvd, Tampa, FL 33609' },
    ]);
  });

  it('reads a CSV file, its quoted addresses whole', () => {
    expect(readPastedStops('name,phone,address\n"Ann Lee","813-555-0142","1201 N Franklin St, Tampa, FL 33602"\n').stops).toEqual([
      { customerName: 'Ann Lee', customerPhone: '8135550142', address: '1201 N Franklin St, Tampa, FL 33602' },
    ]);
  });

  it('names each line it cannot read, by its number', () => {
    const { stops, problems } = readPastedStops('Ann Lee, 555, 1 Main St\n, 8135550142, 2 Main St\nBo Chen, 8135550143\nCy Dee, 8135550144, 3 Main St');
    expect(stops).toEqual([{ customerName: 'Cy Dee', customerPhone: '8135550144', address: '3 Main St' }]);
    expect(problems).toEqual([
      'Line 1: "555" is not a phone number (name, phone, then address)',
      'Line 2: the customer name is missing',
      'Line 3: the address is missing',
    ]);
  });
});
