import { ChangeDetectionStrategy, Component } from '@angular/core';

/** Stock's static page: the four products, inline. */
@Component({
  selector: 'app-home-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Products</h1>
    <ul>
      @for (product of products; track product.id) {
        <li>
          <strong>{{ product.name }}</strong> <span>{{ product.price }}</span>
        </li>
      }
    </ul>
  `,
})
export default class HomePage {
  protected readonly products = [
    { id: 1, name: 'Analog Notebook', price: 12.5 },
    { id: 2, name: 'Angular Mug', price: 9 },
    { id: 3, name: 'Nitro Sticker Pack', price: 4.25 },
    { id: 4, name: 'Vite Hoodie', price: 39.99 },
  ];
}
