/** Cookies with safe flags: `setSafeCookie` (docs/pages-and-loaders.md, "Cookies"). */
export { setSafeCookie } from './cookies';
