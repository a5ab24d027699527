export { defaultSiteUrl, siteUrl } from './site';
