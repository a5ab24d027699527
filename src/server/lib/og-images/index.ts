import { ogImageRenderer } from './og-image';
import { loadOgImageFonts } from './fonts';

export { ogImageSize } from './og-image';
export * from './urls';
export * from './version';

/** A product's Open Graph PNG, rendered once per version and process (at most 200 versions kept). */
export const ogImagePng = ogImageRenderer(loadOgImageFonts);
