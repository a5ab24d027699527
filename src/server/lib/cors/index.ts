/** Cross-origin reads of the public routes, for the origins `CORS_ORIGINS` allows (docs/sessions.md, "CORS"). */
export { corsOptions, crossOriginRoutes, handlePublicCors } from './cors';
