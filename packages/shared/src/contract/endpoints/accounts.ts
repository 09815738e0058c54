// Endpoint declarations of this module (see ../endpoint.ts); filled in as its routes move to the chain.
export {};
