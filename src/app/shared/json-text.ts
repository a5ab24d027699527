/** JSON text that a client receives as `T`: a response serialised once, ahead of the request. */
export type JsonText<T> = string & { readonly '~json'?: T };
