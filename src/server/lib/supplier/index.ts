export { supplierPrices } from './supplier-prices';
