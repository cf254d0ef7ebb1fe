import { describe, expect, it } from 'vitest';
import { productStructuredData } from './structured-data';

describe('product structured data', () => {
  it('cites the pricing table prices for every plan, monthly and weekly', () => {
    const [product] = productStructuredData('https://scrivo.example', 'AI transcription') as {
      offers: { name: string; price: string; priceCurrency: string }[];
    }[];
    expect(product!.offers.map((o) => [o.name, o.price])).toEqual([
      ['Free (monthly)', '0.00'],
      ['Premium (monthly)', '9.99'],
      ['Business Pro (monthly)', '19.99'],
      ['Premium (weekly)', '4.49'],
      ['Business Pro (weekly)', '9.49'],
    ]);
    expect(JSON.stringify(product)).not.toMatch(/"39(\.00)?"|349/);
  });
});
