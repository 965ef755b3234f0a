/**
 * The product's name when the operator sets none (PRODUCT_NAME, read by server/config.ts). The
 * server writes the configured name into the portal's index.html (`<meta name="product-name">`),
 * so codes, e-mails, authenticator apps and the portal all say the same name.
 */
export const DEFAULT_PRODUCT_NAME = 'Publisher Portal';

/** The meta element through which the server tells the portal its product name. */
export const PRODUCT_NAME_META = 'product-name';
