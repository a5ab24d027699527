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
  { id: 3, name: 'Nitro Sticker Pack', description: 'Five stickers: <h3>, Vite, Nitro, "Analog", \'Angular\'.', price: 4.25 },
  { id: 4, name: 'Vite Hoodie', description: 'Warm, fast, and hot-reloaded.', price: 39.99 },
];
