import { defineEventHandler } from 'h3';

import { products } from '../../../../../../../src/server/lib/products';

export default defineEventHandler(() => products);
