import { defineEventHandler } from 'h3';

import { products } from '../../../../../../../src/shared/products';

export default defineEventHandler(() => products);
