import { createError } from 'h3';

/** A product of the demo catalogue. The pages import this type, so client and server agree. */
export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
}

/** The read-only catalogue that the products, search, CSV and RSS routes serve. */
export const products: readonly Product[] = [
  { id: 1, name: 'Analog Notebook', description: 'A dotted notebook for route sketches.', price: 12.5 },
  { id: 2, name: 'Angular Mug', description: 'Holds 350 ml of coffee & signals.', price: 9 },
  {
    id: 3,
    name: 'Nitro Sticker Pack',
    description: 'Five stickers: <h3>, Vite, Nitro, "Analog", \'Angular\'.',
    price: 4.25,
  },
  { id: 4, name: 'Vite Hoodie', description: 'Warm, fast, and hot-reloaded.', price: 39.99 },
];

/**
 * One product by id, or 404 through `createError` when there is none.
 * @status 404 No product has the id.
 */
export function requireProduct(id: number): Product {
  const product = products.find((candidate) => candidate.id === id);
  if (!product) throw createError({ statusCode: 404, statusMessage: `Product ${id} not found` });
  return product;
}

const pageSize = 10;

/** Products whose name contains `term`, ignoring case, one page of ten at a time. */
export function searchProducts(term: string, page: number): Product[] {
  const needle = term.toLowerCase();
  const matches = products.filter((product) => product.name.toLowerCase().includes(needle));
  return matches.slice((page - 1) * pageSize, page * pageSize);
}
